#include <iostream>
#include <cstdlib>
#include "life.h"

static void place_glider(Board &b, int x, int y)
{
    const int g[5][2] = {{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
    for (auto &c : g) b.at(x + c[0], y + c[1]) = 1;
}

static void place_r_pentomino(Board &b, int x, int y)
{
    const int r[5][2] = {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}};
    for (auto &c : r) b.at(x + c[0], y + c[1]) = 1;
}

int main(int argc, char **argv)
{
    int generations = argc > 1 ? std::atoi(argv[1]) : 30;
    Board board(40, 20);
    place_glider(board, 1, 1);
    place_glider(board, 20, 3);
    place_r_pentomino(board, 28, 10);
    std::cout << "generation 0, population " << population(board) << "\n" << render(board);
    int checkpoints[3] = {generations / 3, generations / 3, generations - 2 * (generations / 3)};
    int done = 0;
    for (int step : checkpoints) {
        run_generations(board, step);
        done += step;
        std::cout << "generation " << done << ", population " << population(board) << "\n";
    }
    std::cout << render(board);
    Board glider(8, 8);
    place_glider(glider, 0, 0);
    run_generations(glider, 32);
    std::cout << "a glider after 32 generations on an 8x8 torus is back home: "
              << (glider.at(1, 0) && glider.at(2, 1) && glider.at(0, 2) && population(glider) == 5 ? "yes" : "no")
              << std::endl;
    return 0;
}
