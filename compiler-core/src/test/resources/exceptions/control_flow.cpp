// Jumps through try blocks and handlers, exceptions inside handlers, and a destructor that
// throws and catches its own exception while another one unwinds through it.
#include <cstdio>
#include <stdexcept>

struct Closer {
    int id;
    Closer(int i) : id(i) {}
    ~Closer() {
        try {
            if (id == 2) throw id;
        } catch (int n) {
            printf("closer %d handled its own exception\n", n);
        }
        printf("closer %d closed\n", id);
    }
};

void work(int id) {
    Closer c(id);
    if (id >= 2) throw std::runtime_error("work failed");
    printf("work %d done\n", id);
}

int firstFailure(int n) {
    for (int i = 0; i < n; i++) {
        try {
            work(i);
        } catch (const std::exception &e) {
            printf("work %d: %s\n", i, e.what());
            return i;
        }
    }
    return -1;
}

int retries(int limit) {
    int tries = 0;
    for (;;) {
        tries++;
        try {
            try {
                if (tries < limit) throw std::logic_error("not yet");
                printf("try %d succeeded\n", tries);
                break;
            } catch (const std::logic_error &e) {
                if (tries == 2) {
                    printf("try %d: converting\n", tries);
                    throw tries * 10;
                }
                printf("try %d: %s\n", tries, e.what());
                continue;
            }
        } catch (int code) {
            printf("try %d: code %d\n", tries, code);
        }
    }
    return tries;
}

int sumWithSkips(const int *v, int n) {
    int sum = 0;
    int i = 0;
    do {
        try {
            if (v[i] < 0) throw v[i];
            if (v[i] == 0) break;
            sum += v[i];
        } catch (int bad) {
            printf("skipping %d\n", bad);
        }
        i++;
    } while (i < n);
    return sum;
}

int main() {
    printf("first failure at %d\n", firstFailure(5));
    printf("retries: %d\n", retries(4));
    int v[] = {3, -1, 4, -5, 9, 0, 100};
    printf("sum %d\n", sumWithSkips(v, 7));
    int caught = 0;
    for (int round = 0; round < 3; round++) {
        try {
            try {
                throw round;
            } catch (int r) {
                if (r == 1) throw;
                caught += 1;
            }
        } catch (...) {
            caught += 100;
        }
    }
    printf("caught %d\n", caught);
    return 0;
}
