// The C library's allocator settings (`mallopt`), which the Swift C library module leaves out.
#ifndef CK_MALLOC_SHIM_H
#define CK_MALLOC_SHIM_H

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

#endif
