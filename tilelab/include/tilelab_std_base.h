// tilelab: what every libstdc++ header declares, through its <bits/c++config.h>, before anything of its own:
// std::size_t, std::ptrdiff_t and std::nullptr_t. Code built with nvcc leans on it (cu-smallpt names std::size_t
// after including only <cmath>, <cstdint> and <limits>), so each C++ header here includes this one. Only these three:
// std::byte and std::max_align_t stay <cstddef>'s, as in libstdc++ (a program's own `byte` under
// `using namespace std;` must stay unambiguous).
// Declared as <bits/c++config.h> declares them (the types of sizeof and of a pointer difference), not through
// libcu++: a header that includes nothing else (<cassert>) then declares no namespace `cuda`, as under nvcc,
// where a program's own `cuda::` under `using namespace cv;` (OpenCV's cuda::PtrStepSzb, YACCLAB) must stay
// unambiguous.
#pragma once
namespace std {
typedef decltype(sizeof(0)) size_t; typedef decltype((char*)0 - (char*)0) ptrdiff_t; typedef decltype(nullptr) nullptr_t;
}
