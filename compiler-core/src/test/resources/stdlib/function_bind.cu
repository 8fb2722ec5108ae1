// std::function from lambdas (capturing by value and reference), function pointers and functors;
// copies, operator bool, bad_function_call from an empty one; std::function<void(...)> in a map;
// std::bind with placeholders in any order and bound values.
#include <cstdio>
#include <functional>
#include <map>
#include <string>
static int twice(int x) { return 2 * x; }
struct Adder { int k; int operator()(int x) const { return x + k; } };
int main() {
    std::function<int(int)> f = [](int x) { return x + 1; };
    int base = 10;
    std::function<int(int)> g = [&base](int x) { return x * base; };
    std::function<int(int)> h = twice;
    Adder ad; ad.k = 5; std::function<int(int)> a = ad;
    printf("%d %d %d %d\n", f(1), g(2), h(3), a(4));
    base = 3;
    std::function<int(int)> c = g;
    printf("%d %d %d\n", c(2), (bool)c, (bool)std::function<int(int)>());
    std::map<std::string, std::function<void(int *, int)>> ops;
    int calls = 0;
    ops["inc"] = [&calls](int *p, int n) { for (int i = 0; i < n; i++) p[i]++; ++calls; };
    int v[3] = {1, 2, 3};
    ops["inc"](v, 3);
    printf("%d %d %d %d\n", v[0], v[1], v[2], calls);
    std::function<int(int)> empty;
    try { empty(1); } catch (const std::bad_function_call &e) { printf("caught %s\n", e.what()); }
    auto b = std::bind(twice, std::placeholders::_1);
    std::function<int(int, int)> sub = std::bind([](int x, int y) { return x - y; }, std::placeholders::_2, std::placeholders::_1);
    printf("%d %d\n", b(21), sub(1, 10));
    return 0;
}
