// tilelab: GCC's __typeof / __typeof__ for device code compiled with NVRTC, whose front end runs without the GNU
// extensions. __typeof(e) is e's type, no reference (as decltype(e) is for a name, and with the reference removed for
// any other lvalue), as g++ and nvcc give it. Pre-included when NVRTC finds __typeof undefined (program.py's retries;
// with statement_expressions.py, the MIN / MAX macros of C codebases such as BART's misc.h).
#pragma once
template <class T> struct __tilelab_typeof { typedef T type; };
template <class T> struct __tilelab_typeof<T&> { typedef T type; };
template <class T> struct __tilelab_typeof<T&&> { typedef T type; };
#define __typeof(...) typename __tilelab_typeof<decltype(__VA_ARGS__)>::type
#define __typeof__(...) typename __tilelab_typeof<decltype(__VA_ARGS__)>::type
