/*
** scord-vec -- run trace-vector files (vectors.md) through the C reference model: prints each
** race, checks the files' expect lines (vec_run.c has the runner and its options).  The
** cross-model runs, the RTL alone or against this model, are scord-cosim's (cosim/), so
** nothing in ref/ depends on the RTL.
*/
#include "vec_run.h"

int main(int argc, char **argv) { return scord_vec_main(argc, argv, "scord-vec", NULL, "ref"); }
