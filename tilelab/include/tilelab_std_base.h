// tilelab: what every libstdc++ header declares, through its <bits/c++config.h>, before anything of its own:
// std::size_t, std::ptrdiff_t and std::nullptr_t. Code built with nvcc leans on it (cu-smallpt names std::size_t
// after including only <cmath>, <cstdint> and <limits>), so each C++ header here includes this one. Only these three:
// std::byte and std::max_align_t stay <cstddef>'s, as in libstdc++ (a program's own `byte` under
// `using namespace std;` must stay unambiguous).
#pragma once
#include <cuda/std/cstddef>
namespace std {
using ::cuda::std::size_t; using ::cuda::std::ptrdiff_t; using ::cuda::std::nullptr_t;
}
