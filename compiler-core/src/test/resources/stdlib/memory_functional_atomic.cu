#include <cstdio>
#include <memory>
#include <functional>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>
#include <algorithm>
struct Res { int id; Res(int i) : id(i) { printf("open %d\n", id); } ~Res() { printf("close %d\n", id); } };
std::unique_ptr<Res> makeRes(int i) { return std::make_unique<Res>(i); }
int main() {
    {
        std::unique_ptr<Res> a = std::make_unique<Res>(1);
        std::unique_ptr<Res> b(new Res(2));
        printf("%d %d\n", a->id, (*b).id);
        std::unique_ptr<Res> c = std::move(a);
        printf("%d %d\n", a.get() == nullptr, c->id);
        b.reset(new Res(3));
        auto d = makeRes(4);
        printf("%d\n", d->id);
    }
    {
        std::shared_ptr<Res> s = std::make_shared<Res>(5);
        printf("use %ld\n", s.use_count());
        {
            std::shared_ptr<Res> t = s;
            std::shared_ptr<Res> u(s);
            printf("use %ld\n", s.use_count());
        }
        printf("use %ld\n", s.use_count());
    }
    std::vector<int> v;
    for (int i = 0; i < 8; ++i) v.push_back((i * 5) % 8);
    std::sort(v.begin(), v.end(), std::greater<int>());
    for (int x : v) printf("%d ", x);
    printf("%d %d\n", std::plus<int>()(2, 3), std::multiplies<double>()(1.5, 2.0) == 3.0);
    std::atomic<int> counter(0);
    for (int i = 0; i < 10; ++i) counter.fetch_add(2);
    counter++;
    std::mutex m;
    {
        std::lock_guard<std::mutex> g(m);
        counter += 5;
    }
    printf("%d %d\n", counter.load(), (int)(std::thread::hardware_concurrency() >= 1));
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return 0;
}
