// shared_ptr with a custom deleter, use_count across copies and scopes, reset; weak_ptr
// (expired, lock, use_count); unique_ptr<T[]>; a deleter that is a lambda with a capture.
#include <cstdio>
#include <memory>
#include <functional>

struct Tracked {
    int id;
    Tracked(int i) : id(i) { printf("make %d\n", id); }
    ~Tracked() { printf("drop %d\n", id); }
};

int main()
{
    int freed = 0;
    {
        std::shared_ptr<int> p(new int(5), [&freed](int *q) {
            printf("deleter sees %d\n", *q);
            delete q;
            ++freed;
        });
        std::weak_ptr<int> w = p;
        printf("count %ld expired %d\n", p.use_count(), (int)w.expired());
        {
            std::shared_ptr<int> q = p;
            std::shared_ptr<int> locked = w.lock();
            printf("count %ld weak sees %ld\n", p.use_count(), w.use_count());
        }
        printf("count %ld\n", p.use_count());
        p.reset();
        printf("expired %d freed %d lock empty %d\n", (int)w.expired(), freed, (int)!w.lock());
    }
    std::shared_ptr<Tracked> t(new Tracked(1));
    std::weak_ptr<Tracked> wt = t;
    {
        std::shared_ptr<Tracked> t2 = wt.lock();
        printf("lock %d count %ld\n", t2->id, t.use_count());
    }
    t.reset(new Tracked(2));
    printf("old expired %d, now %d\n", (int)wt.expired(), t->id);
    std::unique_ptr<int[]> arr(new int[4]);
    for (int i = 0; i < 4; i++) arr[i] = i * i;
    printf("array %d %d %d\n", arr[1], arr[3], (int)(arr.get()[2]));
    std::unique_ptr<int[]> moved = std::move(arr);
    printf("moved %d, source empty %d\n", moved[3], (int)!arr);
    return 0;
}
