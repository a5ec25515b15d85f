/* A cell set of up to 127 cells as one unsigned 128-bit integer, and its two conversions from and to
 * a Python int, shared by the compiled kernels that work on cell masks (forcing/_fixpoint*.c,
 * chains/_aic_walk.c); inline, so that a file needing only one of them compiles without a warning.
 * Only gcc and clang have the type; elsewhere the build stops here and the package runs its Python code. */
#ifndef SUDOKU_WORKBENCH_MASK128_H
#define SUDOKU_WORKBENCH_MASK128_H

#include <Python.h>

#if !defined(__SIZEOF_INT128__)
#error "this kernel needs a 128-bit integer type (gcc or clang); the package falls back to Python"
#endif

typedef unsigned __int128 mask_t;

/* Python int -> mask in one call: the public native-bytes API from Python 3.13 on, the byte-array
 * function every CPython before it has. Signed, so -1 reads as every cell. */
static inline int to_mask(PyObject *value, mask_t *out) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a mask must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(value, out, sizeof *out, -1);
    if (needed < 0) return -1;
    if ((size_t)needed > sizeof *out) {
        PyErr_SetString(PyExc_OverflowError, "a mask is wider than 128 bits");
        return -1;
    }
    return 0;
#else
    return _PyLong_AsByteArray((PyLongObject *)value, (unsigned char *)out, sizeof *out, PY_LITTLE_ENDIAN, 1);
#endif
}

static inline PyObject *from_mask(mask_t m) {
    if (!(m >> 64)) return PyLong_FromUnsignedLongLong((uint64_t)m);
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(&m, sizeof m, -1);
#else
    return _PyLong_FromByteArray((const unsigned char *)&m, sizeof m, PY_LITTLE_ENDIAN, 0);
#endif
}

#endif
