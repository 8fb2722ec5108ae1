#include <cstdio>
#include <queue>
#include <stack>
#include <list>
#include <deque>
#include <array>
#include <vector>
#include <utility>
struct Job { int pri; int id; bool operator<(const Job &o) const { return pri < o.pri; } };
int main() {
    std::priority_queue<int> pq;
    int vals[] = {5, 1, 8, 3, 9, 2, 8, 7};
    for (int v : vals) pq.push(v);
    while (!pq.empty()) { printf("%d ", pq.top()); pq.pop(); }
    printf("\n");
    std::priority_queue<Job> jobs;
    for (int i = 0; i < 12; ++i) { Job j; j.pri = (i * 5) % 4; j.id = i; jobs.push(j); }
    while (!jobs.empty()) { printf("%d/%d ", jobs.top().pri, jobs.top().id); jobs.pop(); }
    printf("\n");
    std::priority_queue<int, std::vector<int>, std::greater<int>> minq;
    for (int v : vals) minq.push(v);
    printf("%d %zu\n", minq.top(), minq.size());
    std::priority_queue<std::pair<int, int>> pp;
    for (int i = 0; i < 8; ++i) pp.push(std::make_pair(i % 3, i));
    while (!pp.empty()) { printf("(%d,%d)", pp.top().first, pp.top().second); pp.pop(); }
    printf("\n");
    std::queue<int> q;
    for (int i = 0; i < 5; ++i) q.push(i * i);
    q.pop();
    printf("%d %d %zu\n", q.front(), q.back(), q.size());
    std::stack<int> st;
    for (int i = 0; i < 4; ++i) st.push(i);
    st.pop();
    printf("%d %zu\n", st.top(), st.size());
    std::stack<int, std::vector<int>> vs;
    vs.push(4); vs.push(6);
    printf("%d\n", vs.top());
    std::list<int> l;
    for (int i = 0; i < 6; ++i) { l.push_back(i); l.push_front(-i); }
    l.remove(0);
    l.sort();
    for (int x : l) printf("%d ", x);
    l.reverse();
    printf("| %d %d %zu\n", l.front(), l.back(), l.size());
    std::deque<int> d;
    for (int i = 0; i < 10; ++i) { if (i % 2) d.push_front(i); else d.push_back(i); }
    d.pop_front(); d.pop_back();
    for (int x : d) printf("%d ", x);
    printf("| %d %zu\n", d[2], d.size());
    std::array<int, 5> a;
    a.fill(3);
    a[1] = 7;
    int s = 0;
    for (int x : a) s += x;
    printf("%d %zu %d\n", s, a.size(), a.back());
    return 0;
}
