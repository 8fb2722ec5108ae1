// <iterator> (inserters, ostream_iterator, distance/advance/next/prev, std::begin/end/size),
// the set algorithms of <algorithm> and the C++17 scans and reductions of <numeric>.
#include <cstdio>
#include <iostream>
#include <vector>
#include <list>
#include <set>
#include <deque>
#include <string>
#include <algorithm>
#include <numeric>
#include <iterator>
#include <functional>

static void show(const char *name, const std::vector<int> &v)
{
    printf("%s:", name);
    for (int x : v) printf(" %d", x);
    printf("\n");
}

int main()
{
    std::set<int> a = {1, 3, 5, 7, 9, 11};
    std::set<int> b = {3, 4, 5, 6, 11, 12};
    std::vector<int> u, i, d, s;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(u));
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(i));
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(d));
    std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(s));
    show("union", u);
    show("intersection", i);
    show("difference", d);
    show("symmetric", s);
    printf("includes %d %d\n", (int)std::includes(a.begin(), a.end(), i.begin(), i.end()),
           (int)std::includes(a.begin(), a.end(), b.begin(), b.end()));
    // duplicates: a multiset-like sorted vector keeps min/max counts as libstdc++ does
    std::vector<int> m1 = {1, 1, 2, 2, 2, 5}, m2 = {1, 2, 2, 3};
    std::vector<int> mu, mi;
    std::set_union(m1.begin(), m1.end(), m2.begin(), m2.end(), std::back_inserter(mu));
    std::set_intersection(m1.begin(), m1.end(), m2.begin(), m2.end(), std::back_inserter(mi));
    show("multi union", mu);
    show("multi intersection", mi);
    std::vector<int> desc = {9, 7, 5, 3}, desc2 = {8, 7, 3, 1}, dd;
    std::set_intersection(desc.begin(), desc.end(), desc2.begin(), desc2.end(), std::back_inserter(dd), std::greater<int>());
    show("greater", dd);

    std::set<int> merged;
    std::copy(u.begin(), u.end(), std::inserter(merged, merged.begin()));
    std::deque<int> front;
    std::copy(i.begin(), i.end(), std::front_inserter(front));
    printf("merged %zu, front:", merged.size());
    for (int x : front) printf(" %d", x);
    printf("\n");
    std::vector<int> mid = {100, 200};
    std::copy(d.begin(), d.end(), std::inserter(mid, mid.begin() + 1));
    show("inserted", mid);

    std::copy(u.begin(), u.end(), std::ostream_iterator<int>(std::cout, ", "));
    std::cout << "\n";
    std::vector<std::string> words = {"alpha", "beta"};
    std::copy(words.begin(), words.end(), std::ostream_iterator<std::string>(std::cout));
    std::cout << std::endl;

    std::list<int> l = {4, 8, 15, 16, 23, 42};
    auto it = l.begin();
    std::advance(it, 3);
    printf("advance %d, next %d, prev %d, distance %ld %ld\n", *it, *std::next(l.begin()), *std::prev(l.end()),
           (long)std::distance(l.begin(), it), (long)std::distance(u.begin(), u.end()));
    std::advance(it, -2);
    printf("back %d, next2 %d\n", *it, *std::next(it, 2));
    int arr[] = {5, 6, 7, 8};
    printf("array size %zu sum %d first %d\n", std::size(arr), std::accumulate(std::begin(arr), std::end(arr), 0), *std::begin(arr));
    printf("vector size %zu last %d\n", std::size(u), *(std::end(u) - 1));
    std::vector<int> from_set(a.begin(), a.end());
    std::vector<int> from_list(l.begin(), l.end());
    std::vector<int> counted(3, 7);
    printf("from set %zu cap %zu, from list %zu, counted %d %zu\n", from_set.size(), from_set.capacity(), from_list.size(), counted[2], counted.size());

    std::vector<int> v = {3, 1, 4, 1, 5, 9, 2, 6, 5};
    std::vector<int> ex(v.size()), in(v.size());
    std::exclusive_scan(v.begin(), v.end(), ex.begin(), 0);
    std::inclusive_scan(v.begin(), v.end(), in.begin());
    show("exclusive", ex);
    show("inclusive", in);
    std::exclusive_scan(v.begin(), v.end(), ex.begin(), 1, std::multiplies<int>());
    std::inclusive_scan(v.begin(), v.end(), in.begin(), [](int x, int y) { return x > y ? x : y; });
    show("exclusive product", ex);
    show("running max", in);
    std::inclusive_scan(v.begin(), v.end(), in.begin(), std::plus<int>(), 100);
    show("inclusive init", in);
    std::exclusive_scan(v.begin(), v.end(), v.begin(), 0); // in place
    show("in place", v);
    std::vector<int> sq(5);
    std::vector<int> base = {1, 2, 3, 4, 5};
    std::transform_inclusive_scan(base.begin(), base.end(), sq.begin(), std::plus<int>(), [](int x) { return x * x; });
    show("transform inclusive", sq);
    std::transform_exclusive_scan(base.begin(), base.end(), sq.begin(), 0, std::plus<int>(), [](int x) { return x * x; });
    show("transform exclusive", sq);

    // float sums show libstdc++'s grouping by four on random-access ranges: 2^24 + 1 rounds back to 2^24
    std::vector<float> f(100, 1.0f);
    std::list<float> fl(f.begin(), f.end());
    printf("reduce %.9g %.9g list %.9g accumulate %.9g\n", std::reduce(f.begin(), f.end()), std::reduce(f.begin(), f.end(), 16777216.0f),
           std::reduce(fl.begin(), fl.end(), 16777216.0f), std::accumulate(f.begin(), f.end(), 16777216.0f));
    printf("reduce op %d\n", std::reduce(base.begin(), base.end(), 1, std::multiplies<int>()));
    std::vector<double> x = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}, y = {7, 6, 5, 4, 3, 2, 1};
    printf("dot %.17g\n", std::transform_reduce(x.begin(), x.end(), y.begin(), 0.0));
    printf("sum of squares %.17g\n", std::transform_reduce(x.begin(), x.end(), 0.0, std::plus<double>(), [](double t) { return t * t; }));
    printf("max diff %.17g\n", std::transform_reduce(x.begin(), x.end(), y.begin(), 0.0,
           [](double p, double q) { return p > q ? p : q; }, [](double p, double q) { return q - p; }));
    int next = 3, size = 2; // locals named like std::next and std::size are plain variables
    printf("locals %d %d\n", next < size, size < next);
    return 0;
}
