// set and multiset from braced lists, ranges and inserts, in the order libstdc++ keeps them
// (expected output from g++ 12).
#include <cstdio>
#include <set>
#include <vector>
#include <string>

int main() {
    std::multiset<int> m = {5, 1, 5, 3, 1};
    std::set<int> s = {5, 1, 5, 3, 1};
    for (int x : m) printf("%d ", x);
    printf("| %zu %zu %zu\n", m.size(), s.size(), m.count(5));
    std::vector<std::string> words = {"pear", "fig", "apple", "fig", "kiwi"};
    std::multiset<std::string> bag(words.begin(), words.end());
    std::set<std::string> uniq(words.begin(), words.end());
    auto r = uniq.insert("fig");
    printf("inserted fig again: %d, set size %zu\n", (int)r.second, uniq.size());
    bag.insert("fig");
    printf("figs in the bag: %zu of %zu\n", bag.count("fig"), bag.size());
    for (auto it = bag.lower_bound("fig"); it != bag.upper_bound("kiwi"); ++it) printf("%s ", it->c_str());
    printf("\n");
    bag.erase("fig");
    for (const std::string &w : bag) printf("%s ", w.c_str());
    printf("\n");
    return 0;
}
