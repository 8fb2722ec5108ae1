// std::exception_ptr: current_exception, rethrow_exception, make_exception_ptr; the exception
// object lives while a pointer holds it and is destroyed once, when the last holder goes.
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

struct Noisy {
    int id;
    Noisy(int i) : id(i) { printf("make %d\n", id); }
    Noisy(const Noisy &o) : id(o.id + 100) { printf("copy %d\n", id); }
    ~Noisy() { printf("destroy %d\n", id); }
};

static std::exception_ptr capture(int i)
{
    try {
        if (i % 2) throw std::runtime_error("odd " + std::to_string(i));
        throw Noisy(i);
    } catch (...) {
        return std::current_exception();
    }
}

static void report(const std::exception_ptr &p)
{
    try {
        std::rethrow_exception(p);
    } catch (const std::exception &e) {
        printf("exception: %s\n", e.what());
    } catch (const Noisy &n) {
        printf("noisy %d\n", n.id);
    }
}

int main()
{
    std::exception_ptr none;
    printf("empty %d, none == nullptr %d\n", (bool)none, none == nullptr);
    std::exception_ptr copy;
    {
        std::exception_ptr a = capture(0), b = capture(1), c = capture(2);
        printf("captured\n");
        report(a);
        report(b);
        report(c);
        copy = c;
        printf("same %d different %d\n", copy == c, copy == a);
    }
    printf("scope ended\n");
    report(copy);
    copy = nullptr;
    printf("released\n");
    std::exception_ptr made = std::make_exception_ptr(std::logic_error("made"));
    report(made);
    try {
        try {
            throw 42;
        } catch (int) {
            std::exception_ptr inner = std::current_exception();
            try {
                std::rethrow_exception(inner);
            } catch (int v) {
                printf("inner rethrown %d\n", v);
            }
            throw;
        }
    } catch (int v) {
        printf("outer %d\n", v);
    }
    return 0;
}
