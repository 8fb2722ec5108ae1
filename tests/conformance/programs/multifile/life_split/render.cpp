#include <sstream>
#include "life.h"

std::string render(const Board &board)
{
    std::ostringstream os;
    for (int y = 0; y < board.height; ++y) {
        for (int x = 0; x < board.width; ++x) os << (board.cells[y * board.width + x] ? '#' : '.');
        os << '\n';
    }
    return os.str();
}

int population(const Board &board)
{
    int p = 0;
    for (unsigned char c : board.cells) p += c;
    return p;
}
