// Game of Life split over three files: life.cu (GPU stepping), render.cpp (text), main.cu (driver).
#ifndef LIFE_H
#define LIFE_H
#include <string>
#include <vector>

struct Board {
    int width;
    int height;
    std::vector<unsigned char> cells;
    Board(int w, int h) : width(w), height(h), cells(w * h, 0) {}
    unsigned char &at(int x, int y) { return cells[y * width + x]; }
};

// life.cu
void run_generations(Board &board, int generations);
// render.cpp
std::string render(const Board &board);
int population(const Board &board);
#endif
