// tilelab: <stdbool.h> for device code compiled with NVRTC. In C++ bool, true and false are keywords; the header only
// says so.
#pragma once
#ifndef __bool_true_false_are_defined
#define __bool_true_false_are_defined 1
#endif
