// throw as an operand of ?:, from function templates and lambdas, and a handler keeping a
// pointer to the exception it handles.
#include <cstdio>
#include <stdexcept>

int checked(int x) {
    return x >= 0 ? x : throw std::invalid_argument("negative");
}

double reciprocal(double x) {
    return x == 0.0 ? throw std::domain_error("reciprocal of zero") : 1.0 / x;
}

struct Guard {
    const char *name;
    Guard(const char *n) : name(n) { printf("enter %s\n", name); }
    ~Guard() { printf("leave %s\n", name); }
};

template <typename T>
T divide(T a, T b) {
    Guard g("divide");
    if (b == T(0)) throw std::domain_error("divide by zero");
    return a / b;
}

int main() {
    try {
        printf("%d\n", checked(3));
        printf("%d\n", checked(-3));
    } catch (std::invalid_argument &e) {
        printf("caught %s\n", e.what());
    }
    try {
        printf("%.3f\n", reciprocal(8.0));
        printf("%.3f\n", reciprocal(0.0));
    } catch (const std::domain_error &e) {
        printf("caught %s\n", e.what());
    }
    try {
        Guard g("main");
        printf("%.2f\n", divide(1.0, 4.0));
        printf("%d\n", divide(1, 0));
    } catch (const std::exception &e) {
        printf("caught %s\n", e.what());
    }
    auto thrower = [](int v) {
        if (v > 1) throw v;
        return v;
    };
    try {
        thrower(1);
        thrower(5);
    } catch (int v) {
        printf("lambda threw %d\n", v);
    }
    const std::exception *p = nullptr;
    try {
        throw std::runtime_error("kept by pointer");
    } catch (const std::exception &e) {
        p = &e;
        printf("%s\n", p->what());
    }
    return 0;
}
