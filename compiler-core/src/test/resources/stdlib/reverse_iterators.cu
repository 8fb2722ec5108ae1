#include <cstdio>
#include <vector>
#include <string>
#include <list>
#include <deque>
#include <array>
#include <algorithm>
#include <iterator>
#include <numeric>
#include <iostream>
int main() {
    std::vector<int> v = {3, 1, 4, 1, 5, 9, 2, 6};
    std::vector<int> r(v.rbegin(), v.rend());
    for (int x : r) printf("%d", x);
    printf("\n");
    std::sort(v.rbegin(), v.rend());
    for (int x : v) printf("%d", x);
    printf(" %ld\n", (long)(v.rend() - v.rbegin()));
    std::vector<int>::reverse_iterator it = v.rbegin();
    printf("%d %d %d %d\n", *it, it[2], *(it + 3), *(v.rend() - 1));
    std::vector<int>::const_reverse_iterator cit = v.rbegin();
    ++cit; cit += 2;
    printf("%d %d %d\n", *cit, (int)(cit < v.crend()), (int)(cit.base() - v.cbegin()));
    std::string s = "hello, world";
    std::string rev(s.rbegin(), s.rend());
    printf("%s\n", rev.c_str());
    auto comma = std::find(s.rbegin(), s.rend(), ',');
    printf("%ld\n", (long)(comma.base() - s.begin()));
    std::list<std::string> names = {"ann", "bob", "cy"};
    for (auto n = names.rbegin(); n != names.rend(); ++n) printf("%s(%zu) ", n->c_str(), n->size());
    printf("\n");
    auto found = std::find(names.rbegin(), names.rend(), "bob");
    printf("%s %ld\n", found->c_str(), (long)std::distance(names.rbegin(), found));
    std::deque<double> d = {1.5, 2.5, 3.5};
    printf("%g\n", std::accumulate(d.crbegin(), d.crend(), 0.0));
    int raw[] = {10, 20, 30};
    for (auto p = std::rbegin(raw); p != std::rend(raw); ++p) printf("%d ", *p);
    std::array<char, 4> a = {'w', 'x', 'y', 'z'};
    std::copy(a.rbegin(), a.rend(), std::ostream_iterator<char>(std::cout, ""));
    printf("\n");
    auto mr = std::make_reverse_iterator(v.end());
    printf("%d %d\n", *mr, *std::next(mr));
    return 0;
}
