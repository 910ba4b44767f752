/* What `import Glibc` means in a WebAssembly plugin: wasi-libc's math,
 * strings and memory (see module.modulemap). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
