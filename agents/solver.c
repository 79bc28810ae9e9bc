/* solver.c - placeholder */
