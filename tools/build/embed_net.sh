#!/bin/sh
# Writes the C source that compiles a game's net into the binary (nnue.h: NNUE_EMBEDDED), from the net file
# NET (nets/GAME.nnue); a net that does not exist gives an empty one (the fitted evaluation plays).
#   tools/build/embed_net.sh NET > build/net_GAME.c
set -eu
net=$1
echo "/* Written by tools/build/embed_net.sh from $net: do not edit. */"
echo "#include <stddef.h>"
if [ -f "$net" ]; then
    echo "const unsigned char NNUE_EMBEDDED[] = {"
    od -An -v -tu1 "$net" | awk '{ line = ""; for (i = 1; i <= NF; i++) line = line $i ","; print line }'
    echo "};"
    echo "const size_t NNUE_EMBEDDED_SIZE = sizeof NNUE_EMBEDDED;"
else
    echo "const unsigned char NNUE_EMBEDDED[1] = {0};"
    echo "const size_t NNUE_EMBEDDED_SIZE = 0;"
fi
