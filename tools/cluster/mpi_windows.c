/*
 * mpi_windows.c - which MPI-3 windows this MPI library gives two or more ranks, at a thread level (docs/cluster.md,
 * "Which MPI"): the two calls chariot-mpi makes at start, with errors returned instead of fatal.
 *
 *   mpicc -o /tmp/mpi_windows tools/cluster/mpi_windows.c
 *   mpirun --oversubscribe -np 2 [--mca osc sm|rdma|pt2pt|ucx] /tmp/mpi_windows [multiple|single]
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BYTES = 1 << 20 };

static void report(int rank, int level, const char *call, int rc)
{
    char text[MPI_MAX_ERROR_STRING] = "ok";
    int len = 0;
    if (rc != MPI_SUCCESS)
        MPI_Error_string(rc, text, &len);
    if (rank == 0)
        printf("thread level %d (%s): %s: %s\n", level, level == MPI_THREAD_MULTIPLE ? "multiple" : "below multiple",
               call, text);
}

int main(int argc, char **argv)
{
    const int want = argc > 1 && !strcmp(argv[1], "single") ? MPI_THREAD_SINGLE : MPI_THREAD_MULTIPLE;
    int level = 0, rank = 0;
    if (MPI_Init_thread(&argc, &argv, want, &level) != MPI_SUCCESS)
        return 1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm node;
    MPI_Win shared, exposed;
    void *base = NULL, *mem = calloc(1, BYTES);
    int split = MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node), has_shared = 0;
    report(rank, level, "MPI_Comm_split_type", split);
    if (split == MPI_SUCCESS) {
        const int rc = MPI_Win_allocate_shared(BYTES, 1, MPI_INFO_NULL, node, &base, &shared);
        report(rank, level, "MPI_Win_allocate_shared (the node's slices)", rc);
        has_shared = rc == MPI_SUCCESS;
    }
    const int rc = MPI_Win_create(mem, BYTES, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &exposed);
    report(rank, level, "MPI_Win_create (the slice for MPI_Get)", rc);
    report(rank, level, "MPI_Barrier after them", MPI_Barrier(MPI_COMM_WORLD));
    if (rc == MPI_SUCCESS) /* MPICH over UCX aborts in MPI_Finalize while a window is left */
        MPI_Win_free(&exposed);
    if (has_shared)
        MPI_Win_free(&shared);
    if (split == MPI_SUCCESS)
        MPI_Comm_free(&node);
    MPI_Finalize();
    free(mem);
    return 0;
}
