// <tuple>: construction, get by index and by type, tie (from tuples and pairs, with ignore),
// comparisons, make_tuple, tuple_size/tuple_element, apply, tuples in containers and sort.
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>
#include <map>
#include <algorithm>
#include <utility>

struct Rec {
    int id;
    int score;
};

static std::tuple<int, double, std::string> make_row(int i)
{
    return std::make_tuple(i, i * 1.5, std::string("row") + std::to_string(i));
}

static int add3(int a, int b, int c) { return a * 100 + b * 10 + c; }

int main()
{
    std::tuple<int, double, char> t(1, 2.5, 'c');
    printf("%d %.1f %c\n", std::get<0>(t), std::get<1>(t), std::get<2>(t));
    std::get<1>(t) = 7.25;
    std::get<double>(t) += 1;
    printf("by type %d %.2f %c\n", std::get<int>(t), std::get<double>(t), std::get<char>(t));
    std::tuple<int, int, long> summary{-5, 32, 6630L};
    int lo, hi;
    long total;
    std::tie(lo, hi, total) = summary;
    printf("tie %d %d %ld\n", lo, hi, total);
    std::tie(lo, std::ignore, total) = std::make_tuple(1, 2, 3L);
    printf("ignore %d %d %ld\n", lo, hi, total);
    std::pair<int, std::string> p(9, "nine");
    int k;
    std::string name;
    std::tie(k, name) = p;
    printf("pair %d %s %d %s\n", k, name.c_str(), std::get<0>(p), std::get<1>(p).c_str());
    int x = 1, y = 2, a = 1, b = 3;
    printf("compare %d %d %d %d %d %d\n", std::tie(x, y) < std::tie(a, b), std::tie(x, y) == std::tie(a, b),
           std::tie(x, y) != std::tie(a, b), std::tie(x, y) > std::tie(a, b), std::tie(x, y) <= std::tie(a, b),
           std::tie(x, y) >= std::tie(a, b));
    std::tuple<long, double> widened;
    widened = std::make_tuple(4, 0.5f);
    std::tuple<long, double> converted = std::make_tuple(5, 1.5f), direct(std::make_tuple(6, 2.5f));
    printf("converted %ld %.2f %ld %.2f %ld %.2f\n", std::get<0>(widened), std::get<1>(widened), std::get<0>(converted),
           std::get<1>(converted), std::get<0>(direct), std::get<1>(direct));
    auto row = make_row(3);
    printf("row %d %.1f %s size %lu\n", std::get<0>(row), std::get<1>(row), std::get<2>(row).c_str(),
           (unsigned long)std::tuple_size<decltype(row)>::value);
    std::tuple_element<2, std::tuple<int, double, std::string> >::type s = "element";
    printf("%s %lu\n", s.c_str(), (unsigned long)std::tuple_size<std::pair<int, int> >::value);

    std::vector<Rec> recs;
    for (int i = 0; i < 8; i++) recs.push_back(Rec{i, (i * 37) % 5});
    std::sort(recs.begin(), recs.end(), [](const Rec &l, const Rec &r) {
        return std::tie(r.score, l.id) < std::tie(l.score, r.id); // score descending, id ascending
    });
    for (const Rec &r : recs) printf(" %d:%d", r.id, r.score);
    printf("\n");
    std::vector<std::tuple<int, std::string, double> > rows;
    rows.push_back(std::make_tuple(2, std::string("b"), 1.0));
    rows.push_back(std::make_tuple(1, std::string("z"), 2.0));
    rows.push_back(std::make_tuple(2, std::string("a"), 3.0));
    std::sort(rows.begin(), rows.end());
    for (size_t i = 0; i < rows.size(); i++) printf(" (%d %s %.0f)", std::get<0>(rows[i]), std::get<1>(rows[i]).c_str(), std::get<2>(rows[i]));
    printf("\n");
    std::map<std::tuple<int, int>, int> grid;
    grid[std::make_tuple(1, 2)] = 12;
    grid[std::make_tuple(0, 5)] = 5;
    grid[std::make_tuple(1, 0)] = 10;
    for (auto it = grid.begin(); it != grid.end(); ++it) printf(" [%d,%d]=%d", std::get<0>(it->first), std::get<1>(it->first), it->second);
    printf("\n");
    std::tuple<int, int> u(1, 2), v(3, 4);
    std::swap(u, v);
    u.swap(v);
    printf("swap %d %d %d %d\n", std::get<0>(u), std::get<1>(u), std::get<0>(v), std::get<1>(v));
    std::tuple<int, int, int> args3(1, 2, 3);
    printf("apply %d %.1f %d\n", std::apply(add3, args3), std::apply([](double x, int n) { return x * n; }, std::make_tuple(2.5, 4)),
           std::apply([](int l, int r) { return l - r; }, std::make_pair(7, 8)));
    std::tuple<int, double> z;
    printf("default %d %.1f\n", std::get<0>(z), std::get<1>(z));
    return 0;
}
