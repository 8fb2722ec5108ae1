#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <list>
#include <deque>
#include <string>
#include <stdexcept>
int main() {
    std::map<std::string, int> m = {{"b", 2}, {"a", 1}, {"d", 4}};
    for (auto it = m.cbegin(); it != m.cend(); ++it) printf("%s=%d ", it->first.c_str(), it->second);
    for (auto it = m.crbegin(); it != m.crend(); ++it) printf("%s ", it->first.c_str());
    printf("\n");
    auto h = m.emplace_hint(m.end(), "e", 5);
    printf("%s %zu\n", h->first.c_str(), m.size());
    auto lb = m.lower_bound("c"), ub = m.upper_bound("d");
    printf("%s %s\n", lb->first.c_str(), ub->first.c_str());
    auto er = m.equal_range("b");
    printf("%s %s %zu\n", er.first->first.c_str(), er.second->first.c_str(), m.count("b"));
    try { m.at("zz"); } catch (const std::out_of_range& e) { printf("out_of_range %s\n", e.what()); }
    const auto& cm = m;
    printf("%d\n", cm.at("d"));
    std::set<int> s = {5, 1, 3};
    for (auto it = s.crbegin(); it != s.crend(); ++it) printf("%d ", *it);
    for (auto it = s.cbegin(); it != s.cend(); ++it) printf("%d ", *it);
    auto sr = s.equal_range(3);
    printf("| %d %d %zu\n", *sr.first, *sr.second, s.count(4));
    s.emplace_hint(s.begin(), 0);
    printf("%d %d\n", *s.lower_bound(2), *s.upper_bound(3));
    std::multimap<int, char> mm = {{1, 'a'}, {1, 'b'}, {2, 'c'}};
    auto mr = mm.equal_range(1);
    for (auto it = mr.first; it != mr.second; ++it) printf("%c", it->second);
    printf(" %zu\n", mm.count(1));
    for (auto it = mm.crbegin(); it != mm.crend(); ++it) printf("%c", it->second);
    printf("\n");
    std::multiset<int> ms = {3, 1, 3, 2};
    printf("%zu %d\n", ms.count(3), *ms.crbegin());
    std::unordered_map<int, int> um = {{1, 10}, {2, 20}};
    int sum = 0;
    for (auto it = um.cbegin(); it != um.cend(); ++it) sum += it->second;
    printf("%d %zu\n", sum, um.count(2));
    try { um.at(7); } catch (const std::out_of_range& e) { printf("out_of_range %s\n", e.what()); }
    auto ur = um.equal_range(1); printf("%d\n", ur.first->second);
    um.emplace_hint(um.begin(), 3, 30); printf("%zu\n", um.size());
    std::unordered_set<int> us = {4, 5};
    int t = 0; for (auto it = us.cbegin(); it != us.cend(); ++it) t += *it;
    printf("%d %zu\n", t, us.count(5));
    std::list<int> l = {1, 2, 3};
    for (auto it = l.rbegin(); it != l.rend(); ++it) printf("%d", *it);
    for (auto it = l.crbegin(); it != l.crend(); ++it) printf("%d", *it);
    for (auto it = l.cbegin(); it != l.cend(); ++it) printf("%d", *it);
    printf("\n");
    std::deque<int> d = {4, 5, 6};
    for (auto it = d.rbegin(); it != d.rend(); ++it) printf("%d", *it);
    for (auto it = d.crbegin(); it != d.crend(); ++it) printf("%d", *it);
    for (auto it = d.cbegin(); it != d.cend(); ++it) printf("%d", *it);
    printf("\n");
    l.emplace(l.begin(), 0); d.emplace(d.begin() + 1, 9); l.emplace_front(-1); d.emplace_front(-1);
    for (int x : l) printf("%d ", x);
    for (int x : d) printf("%d ", x);
    printf("\n");
}
