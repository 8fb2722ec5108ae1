// Exception hierarchies as applications write them: a class with its own what() and data, a
// hierarchy under std::runtime_error, catch by the most derived type first, and main as a
// function-try-block.
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

class ParseError : public std::exception {
    std::string msg;
public:
    int line;
    ParseError(const std::string &m, int l) : msg(m), line(l) {}
    const char *what() const noexcept override { return msg.c_str(); }
};

class DeviceError : public std::runtime_error {
public:
    int device;
    DeviceError(const std::string &m, int d) : std::runtime_error(m), device(d) {}
};

class OutOfMemory : public DeviceError {
public:
    size_t bytes;
    OutOfMemory(int d, size_t b) : DeviceError(std::string("out of memory"), d), bytes(b) {}
};

void allocate(int device, size_t bytes) {
    if (device < 0) throw DeviceError(std::string("no such device"), device);
    if (bytes > (1ul << 30)) throw OutOfMemory(device, bytes);
    printf("allocated %zu bytes on device %d\n", bytes, device);
}

int parseLine(const char *text, int line) {
    if (text[0] == '#') throw ParseError(std::string("comment where a value belongs"), line);
    return text[0] - '0';
}

int main() try {
    size_t sizes[] = {1024, 1ul << 31, 4096};
    int devices[] = {0, 0, -1};
    for (int i = 0; i < 3; i++) {
        try {
            allocate(devices[i], sizes[i]);
        } catch (const OutOfMemory &e) {
            printf("%s: %zu bytes on device %d\n", e.what(), e.bytes, e.device);
        } catch (const DeviceError &e) {
            printf("device error: %s (device %d)\n", e.what(), e.device);
        }
    }
    const char *lines[] = {"4", "7", "#x"};
    int total = 0;
    for (int i = 0; i < 3; i++) {
        try {
            total += parseLine(lines[i], i + 1);
        } catch (const ParseError &e) {
            printf("line %d: %s\n", e.line, e.what());
        }
    }
    printf("total %d\n", total);
    allocate(-2, 16);
    printf("not reached\n");
    return 0;
} catch (const std::runtime_error &e) {
    printf("main: %s\n", e.what());
    return 3;
}
