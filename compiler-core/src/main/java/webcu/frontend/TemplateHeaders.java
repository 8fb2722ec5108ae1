package webcu.frontend;

/**
 * Built-in header text for the language support of templates: libstdc++'s {@code bits/move.h}
 * (std::move, std::forward and the remove_reference they need), which {@code <utility>} and
 * every container header include, so that perfect forwarding ({@code std::forward<Args>(args)...})
 * works wherever a library factory such as make_unique or emplace_back is written.
 */
final class TemplateHeaders {
    private TemplateHeaders() {}

    static final String MOVE = """
        #pragma once
        namespace std {
        template <class T> struct remove_reference { typedef T type; };
        template <class T> struct remove_reference<T &> { typedef T type; };
        template <class T> struct remove_reference<T &&> { typedef T type; };
        template <class T> T &&forward(typename remove_reference<T>::type &t) { return static_cast<T &&>(t); }
        template <class T> typename remove_reference<T>::type &&move(T &&t) { return static_cast<typename remove_reference<T>::type &&>(t); }
        }
        """;
}
