#include <cstdio>
#include <string>
#include <map>
#include <set>
#include <vector>
#include <algorithm>
int main() {
    std::map<std::string, int> counts;
    const char *words[] = {"pear", "apple", "fig", "apple", "kiwi", "pear", "apple", "banana"};
    for (const char *w : words) counts[std::string(w)] += 1;
    for (auto &kv : counts) printf("%s:%d ", kv.first.c_str(), kv.second);
    printf("| %zu\n", counts.size());
    std::map<int, double> m;
    for (int i = 10; i > 0; --i) m[i * 7 % 11] = i * 1.5;
    m.erase(3);
    auto it = m.find(5);
    if (it != m.end()) printf("found %d %.1f\n", it->first, it->second);
    printf("%zu %zu\n", m.count(4), m.count(3));
    for (auto p = m.lower_bound(4); p != m.upper_bound(8); ++p) printf("%d ", p->first);
    printf("\n");
    for (auto r = m.rbegin(); r != m.rend(); ++r) printf("%d ", r->first);
    printf("\n");
    auto ins = m.insert(std::make_pair(5, 99.0));
    printf("%d %.1f\n", (int)ins.second, ins.first->second);
    std::map<int, int, std::greater<int>> desc;
    for (int i = 0; i < 6; ++i) desc[i * i % 7] = i;
    for (auto &kv : desc) printf("%d=%d ", kv.first, kv.second);
    printf("\n");
    std::set<int> s;
    int vals[] = {5, 1, 9, 1, 3, 7, 5, 2};
    for (int v : vals) s.insert(v);
    for (int v : s) printf("%d ", v);
    printf("| %zu %d %d\n", s.size(), *s.begin(), *s.rbegin());
    s.erase(s.begin());
    printf("%d %zu\n", *s.lower_bound(4), s.count(9));
    std::multiset<int> ms(vals, vals + 8);
    for (int v : ms) printf("%d ", v);
    printf("| %zu\n", ms.count(5));
    std::multimap<int, char> mm;
    mm.insert(std::make_pair(2, 'b')); mm.insert(std::make_pair(1, 'a')); mm.insert(std::make_pair(2, 'c'));
    for (auto &kv : mm) printf("%d%c ", kv.first, kv.second);
    printf("\n");
    std::map<int, std::vector<int>> groups;
    for (int i = 0; i < 10; ++i) groups[i % 3].push_back(i);
    for (auto &g : groups) { printf("%d:", g.first); for (int x : g.second) printf(" %d", x); printf(";"); }
    printf("\n");
    std::map<int, int> copy = desc.size() ? std::map<int, int>() : std::map<int, int>();
    copy[1] = 2;
    std::map<int, int> c2 = copy;
    c2[0] = 5;
    printf("%zu %zu %d\n", copy.size(), c2.size(), c2.begin()->first);
    return 0;
}
