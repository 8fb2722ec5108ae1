// Structured bindings: pairs, tuples, std::array, plain structs and C arrays; auto, auto &,
// const auto &; in range-for over maps and vectors of pairs; the names refer into the object.
#include <cstdio>
#include <map>
#include <vector>
#include <array>
#include <tuple>
#include <string>
#include <utility>
#include <queue>

struct Point {
    int x;
    double y;
    char tag;
};

static std::pair<int, std::string> lookup(int k) { return std::make_pair(k * 10, std::string(k % 2 ? "odd" : "even")); }
static std::tuple<int, double, std::string> stats() { return std::make_tuple(3, 2.5, std::string("mean")); }

int main()
{
    auto [value, parity] = lookup(3);
    printf("%d %s\n", value, parity.c_str());
    auto [n, mean, label] = stats();
    printf("%d %.2f %s\n", n, mean, label.c_str());

    std::pair<int, int> p(1, 2);
    auto &[first, second] = p;
    first = 10;
    second += 5;
    auto [c1, c2] = p; // a copy: later changes to p do not show
    p.first = 99;
    printf("p %d %d copy %d %d\n", p.first, p.second, c1, c2);

    Point pt = {4, 0.5, 'z'};
    auto &[px, py, ptag] = pt;
    px *= 2;
    const auto &[qx, qy, qtag] = pt;
    printf("point %d %.1f %c / %d %.1f %c\n", pt.x, py, ptag, qx, qy, qtag);

    int arr[3] = {7, 8, 9};
    auto &[a0, a1, a2] = arr;
    a1 = 80;
    auto [b0, b1, b2] = arr;
    arr[0] = 70;
    printf("array %d %d %d copy %d %d %d\n", arr[0], arr[1], a2, b0, b1, b2);

    std::array<int, 2> sa = {{5, 6}};
    auto &[s0, s1] = sa;
    s1 = 60;
    printf("std::array %d %d\n", s0, sa[1]);

    std::tuple<int, std::string> tu(1, "one");
    auto &[ti, ts] = tu;
    ti = 2;
    ts += "+";
    printf("tuple %d %s\n", std::get<0>(tu), std::get<1>(tu).c_str());

    std::map<std::string, int> counts;
    counts["pear"] = 3;
    counts["apple"] = 5;
    counts["fig"] = 1;
    for (const auto &[name, count] : counts) printf(" %s=%d", name.c_str(), count);
    printf("\n");
    for (auto &[name, count] : counts) count *= 10;
    for (auto [name, count] : counts) printf(" %s=%d", name.c_str(), count);
    printf("\n");
    std::vector<std::pair<int, int> > edges;
    edges.push_back(std::make_pair(1, 2));
    edges.push_back(std::make_pair(3, 4));
    int sum = 0;
    for (auto [u, v] : edges) sum += u * v;
    std::vector<Point> pts(2);
    for (auto &[x, y, tag] : pts) {
        x = sum;
        y = 0.25;
        tag = 'q';
    }
    printf("edges %d points %d %.2f %c\n", sum, pts[1].x, pts[0].y, pts[1].tag);

    std::priority_queue<std::pair<int, int> > pq;
    pq.push(std::make_pair(3, 30));
    pq.push(std::make_pair(5, 50));
    auto [d, u] = pq.top();
    printf("top %d %d\n", d, u);
    return 0;
}
