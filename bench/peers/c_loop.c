/* A compiled peer in a loop over a file of puzzles, as `python -m webapp solve FILE` is run.
 *
 *     c_loop LIMIT FILE
 *
 * bench/c_peers.py compiles this file once per peer, with -DPEER_KUDOKU,
 * -DPEER_FAST_SOLV_9R2 or -DPEER_TDOKU, and links it with that peer's own
 * source files from a checkout of tdoku's repository (github.com/t-dillon/tdoku),
 * whose path the user gives: none of their code is copied here. Each peer is
 * called through the entry point tdoku's benchmark calls it by
 * (other/other_solvers.cc, include/tdoku.h), with the same setup.
 *
 * The loop reads one puzzle a line (81 characters, '.' or '0' for a blank;
 * other lines are skipped), asks the peer for up to LIMIT solutions (2 checks
 * uniqueness, as `solve FILE --limit 2` does) and prints the grid it found
 * as one line of 81 digits (bench/process.py checks every grid after the
 * timing), or "# no solution".
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(PEER_KUDOKU)
/* other/kudoku/kudoku.c: writes the last solution it found into solution. */
size_t OtherSolverKudoku(const char *input, size_t limit, uint32_t configuration, char *solution,
                         size_t *num_guesses);

static size_t solve(const char *puzzle, size_t limit, char *solution)
{
    size_t guesses;
    return OtherSolverKudoku(puzzle, limit, 0, solution, &guesses);
}
#elif defined(PEER_FAST_SOLV_9R2)
/* other/fast_solv_9r2/fast_solv_9r2.c: with verbose set it prints each solution it finds
 * (up to its limit) itself, a line of 81 digits, through putchar: its own way out. */
int make_links(void);
int fast_solv_9r2_solve(const char *buffer, int limit);
extern int verbose;

static size_t solve(const char *puzzle, size_t limit, char *solution)
{
    static int linked = 0;
    if (!linked) {
        make_links();
        verbose = 1;
        linked = 1;
    }
    solution[0] = 0;        /* printed already */
    int found = fast_solv_9r2_solve(puzzle, (int)limit);
    return found > 0 ? (size_t)found : 0;
}
#elif defined(PEER_TDOKU)
/* include/tdoku.h's SolveSudoku: a solution only for a limit of 1; its own example
 * (example/solve.c) counts with the limit, then solves again with 1 for the grid. */
size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration, char *solution,
                                size_t *num_guesses);

static size_t solve(const char *puzzle, size_t limit, char *solution)
{
    size_t guesses;
    size_t count = TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, &guesses);
    if (limit > 1 && count >= 1)
        TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses);
    return count;
}
#else
#error "define PEER_KUDOKU, PEER_FAST_SOLV_9R2 or PEER_TDOKU"
#endif

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s LIMIT FILE\n", argv[0]);
        return 2;
    }
    size_t limit = (size_t)atol(argv[1]);
    FILE *in = fopen(argv[2], "r");
    if (in == NULL || limit < 1) {
        fprintf(stderr, "%s: cannot read %s or bad limit\n", argv[0], argv[2]);
        return 2;
    }
    char line[1024], puzzle[96], solution[96];
    while (fgets(line, sizeof line, in)) {
        size_t n = strcspn(line, "\r\n");
        if (n != 81)
            continue;
        for (size_t k = 0; k < 81; k++)
            puzzle[k] = line[k] == '0' ? '.' : line[k];
        puzzle[81] = '\n';      /* tdoku reads input[81] to tell a puzzle from a pencilmark one */
        puzzle[82] = 0;
        solution[0] = 0;
        size_t found = solve(puzzle, limit, solution);
        if (found == 0)
            fputs("# no solution\n", stdout);
        else if (solution[0])
            printf("%.81s\n", solution);
    }
    fclose(in);
    return 0;
}
