// A thrown std::string is caught as one; uncaught, g++ names the class template instance.
#include <cstdio>
#include <string>
void load(const char *path) {
    if (path[0] != '/') throw std::string("relative path: ") + path;
}
int main() {
    try {
        load("data.txt");
    } catch (const std::string &msg) {
        printf("caught: %s\n", msg.c_str());
    }
    fflush(stdout);
    load("input.bin");
    return 0;
}
