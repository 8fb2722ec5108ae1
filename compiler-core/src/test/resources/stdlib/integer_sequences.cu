#include <cstdio>
#include <tuple>
#include <utility>
#include <string>
#include <array>
template <class Tuple, size_t... I>
void printTuple(const Tuple &t, std::index_sequence<I...>) {
    ((printf(I == 0 ? "" : ", "), printf("%g", (double)std::get<I>(t))), ...);
    printf("\n");
}
template <class... T>
void printAll(const std::tuple<T...> &t) { printTuple(t, std::index_sequence_for<T...>{}); }
template <size_t... I>
constexpr std::array<int, sizeof...(I)> squares(std::index_sequence<I...>) { return {{(int)(I * I)...}}; }
template <class F, class Tuple, size_t... I>
auto applyImpl(F f, const Tuple &t, std::index_sequence<I...>) { return f(std::get<I>(t)...); }
template <class F, class... T>
auto myApply(F f, const std::tuple<T...> &t) { return applyImpl(f, t, std::make_index_sequence<sizeof...(T)>{}); }
int main() {
    auto t = std::make_tuple(1, 2.5, 3.0f);
    printTuple(t, std::make_index_sequence<3>{});
    printAll(std::make_tuple(4, 5, 6, 7));
    auto sq = squares(std::make_index_sequence<5>{});
    for (int v : sq) printf("%d ", v);
    printf("%zu\n", std::make_index_sequence<7>::size());
    printf("%g\n", myApply([](int a, double b, float c) { return a + b + c; }, t));
    auto a = std::make_tuple(1, std::string("two"));
    auto b = std::make_tuple(3.5, 'c');
    auto c = std::tuple_cat(a, b, std::make_tuple(42L));
    printf("%zu %d %s %g %c %ld\n", std::tuple_size<decltype(c)>::value, std::get<0>(c), std::get<1>(c).c_str(),
           std::get<2>(c), std::get<3>(c), std::get<4>(c));
    auto d = std::tuple_cat(std::tuple<>(), std::make_tuple(9));
    printf("%d\n", std::get<0>(d));
    return 0;
}
