# cython: language_level=3
"""Gradient-boosted trees evaluated without scikit-learn, numpy or joblib.

Training (``training/export.py``) writes each fitted
``HistGradientBoostingClassifier`` in the format read here; the runtime gives the
probabilities scikit-learn gives (a test checks that they agree within 1e-6).

Format, little-endian: ``b"WFTREES2"``, the number of features (u32), the baseline
raw score (f64), the number of trees (u32); then per tree its node count (u32) and
its nodes in scikit-learn's depth-first order, 16 bytes each: the split threshold,
or a leaf's value (f64), the right child (u32), the feature (u16), flags (u8: 1 leaf,
2 missing values go left) and a byte of padding. A split's left child is the node
after it. A sample goes left when its feature is ``<=`` the threshold, or is NaN and
missing values go left; the raw score is the baseline plus the leaf values, and the
probability its logistic. Sixteen bytes a node, not 32: a command-line run reads the
whole model, and its start-up time grows with the bytes.
"""

from array import array

from libc.math cimport exp, isfinite
from libc.stdint cimport uint8_t, uint16_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

MAGIC = b"WFTREES2"

cdef enum:                      # node flags
    LEAF = 1
    MISSING_LEFT = 2


cdef packed struct Node:
    double value
    uint32_t right
    uint16_t feature
    uint8_t flags
    uint8_t pad


cdef class Forest:
    """A binary gradient-boosting classifier's trees.

    Parameters
    ----------
    data : bytes-like
        The serialized forest (see the module docstring): ``bytes``, or a
        ``memoryview`` slice of a larger file, read without a copy of it.

    Raises
    ------
    ValueError
        ``data`` is not a forest in this format: cut short or longer than its trees,
        no trees, a node pointing outside its tree or back, unknown flags, or a
        threshold, leaf value or baseline that is not a finite number.
    MemoryError
        No room for the nodes.
    """

    cdef Node* nodes
    cdef uint32_t* roots
    cdef uint32_t n_trees
    cdef readonly uint32_t n_features
    cdef double baseline

    def __cinit__(self, const unsigned char[::1] data not None):
        self.nodes = NULL
        self.roots = NULL
        cdef const unsigned char* raw = &data[0] if data.shape[0] else NULL
        cdef Py_ssize_t size = data.shape[0], at = 8, total = 0, start
        cdef uint32_t tree, count, node
        cdef Node* current
        if size < 24 or raw[:8] != MAGIC:
            raise ValueError("not a Webfold tree file (bad magic)")
        memcpy(&self.n_features, raw + at, 4); at += 4
        memcpy(&self.baseline, raw + at, 8); at += 8
        memcpy(&self.n_trees, raw + at, 4); at += 4
        if not isfinite(self.baseline):
            raise ValueError("the baseline score is not a finite number")
        if self.n_trees == 0:
            raise ValueError("the forest has no trees")
        # first pass: count nodes and check sizes
        start = at
        for tree in range(self.n_trees):
            if at + 4 > size:
                raise ValueError("tree file cut short")
            memcpy(&count, raw + at, 4)
            if count == 0:
                raise ValueError(f"tree {tree} has no nodes")
            at += 4 + <Py_ssize_t>count * sizeof(Node)
            total += count
            if at > size:
                raise ValueError("tree file cut short")
        if at != size:
            raise ValueError(f"{size - at} bytes after the last tree")
        self.nodes = <Node*>malloc(sizeof(Node) * max(total, 1))
        self.roots = <uint32_t*>malloc(sizeof(uint32_t) * max(self.n_trees, 1))
        if self.nodes == NULL or self.roots == NULL:
            raise MemoryError()
        at = start
        total = 0
        for tree in range(self.n_trees):
            memcpy(&count, raw + at, 4)
            at += 4
            memcpy(self.nodes + total, raw + at, count * sizeof(Node))
            self.roots[tree] = <uint32_t>total
            for node in range(count):          # a damaged file must not send us astray
                current = self.nodes + total + node
                # Children come after their parent (scikit-learn numbers nodes so):
                # no walk can leave the tree or go round in a circle.
                if not current.flags & LEAF and (node + 1 >= count or current.right >= count
                                                 or current.right <= node + 1
                                                 or current.feature >= self.n_features):
                    raise ValueError(f"tree {tree} has a node pointing outside it or back")
                if current.flags & ~(LEAF | MISSING_LEFT) or not isfinite(current.value):
                    raise ValueError(f"tree {tree} has a damaged node (flags {current.flags}, "
                                     f"value {current.value})")
            at += count * sizeof(Node)
            total += count

    def __dealloc__(self):
        free(self.nodes)
        free(self.roots)

    def __len__(self):
        return self.n_trees

    def probabilities(self, rows):
        """The probability of the positive class for each row.

        Parameters
        ----------
        rows : iterable of sequences of float
            One row of ``n_features`` values per sample: lists, or ``array("d")``
            rows, which are read through their buffer.

        Returns
        -------
        list of float

        Raises
        ------
        ValueError
            A row has the wrong number of values.
        MemoryError
            No room to copy the rows (8 bytes a value) into one matrix.
        """
        rows = list(rows)       # its own list: a length that cannot change while it is read
        cdef Py_ssize_t n = len(rows), i, f
        cdef uint32_t width = self.n_features
        cdef double[::1] x = array("d", bytes(8 * n * width))
        cdef const double[:] view
        for i, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"a row has {len(row)} features, the model {width}")
            if isinstance(row, array) and row.typecode == "d":
                view = row                  # read through the buffer, without float objects
                for f in range(width):
                    x[i * width + f] = view[f]
            else:
                for f in range(width):
                    x[i * width + f] = row[f]
        return self.matrix_probabilities(x, n, width)

    def matrix_probabilities(self, const double[::1] x not None, Py_ssize_t count, Py_ssize_t stride):
        """The probability of the positive class for each of ``count`` rows of a flat
        matrix (``webfold.features.matrix``), read in place.

        Parameters
        ----------
        x : buffer of float64
            Row ``i`` from place ``i * stride``; the model reads its first
            ``n_features`` values (the rest may hold another stage's columns).
        count, stride : int
            The number of rows, and the doubles from one row to the next.

        Returns
        -------
        list of float

        Raises
        ------
        ValueError
            ``stride`` is less than ``n_features``, ``count`` is negative, or ``x`` is
            shorter than ``count`` rows.
        MemoryError
            No room for the scores (8 bytes a row).
        """
        # Divided, not multiplied: a product of a huge count and stride would overflow.
        if count < 0 or stride < self.n_features or count and (
                x.shape[0] < self.n_features or count - 1 > (x.shape[0] - self.n_features) // stride):
            raise ValueError(f"{count} rows of stride {stride} do not fit {x.shape[0]} values "
                             f"of rows of {self.n_features} features")
        cdef double* raw = <double*>malloc(sizeof(double) * max(count, 1))
        cdef const double* values
        cdef double value
        cdef Py_ssize_t i
        cdef uint32_t tree
        cdef Node* root
        cdef Node* current
        if raw == NULL:
            raise MemoryError()
        try:
            for i in range(count):
                raw[i] = self.baseline
            # Tree by tree, all rows through each: a tree's nodes stay in the cache
            # while every row walks it (each row's sum still adds the trees in order).
            # The walk branches on each comparison: rows of a page take much the same
            # paths, so the branches are guessed well. Branch-free steps (a
            # conditional move), and four rows walked side by side with leaves that
            # lead to themselves, each took 1.4 and 1.9 times as long over the 100
            # benchmark pages (best of 7 runs each, one after another; 2026-12-06);
            # rows taken 4, 8, 16 or 32 at a time through all trees (a block of rows
            # in the first-level cache), 1.7, 1.6, 1.3 and 1.2 times (best of 15;
            # 2026-12-07): reading the matrix from the second-level cache costs less
            # than the branches that rows of a page share.
            for tree in range(self.n_trees):
                root = self.nodes + self.roots[tree]
                for i in range(count):
                    values = &x[i * stride]
                    current = root
                    while not current.flags & LEAF:
                        value = values[current.feature]
                        # One comparison decides a number; NaN fails both, and is rare.
                        if value <= current.value:
                            current = current + 1
                        elif value > current.value or not current.flags & MISSING_LEFT:
                            current = root + current.right
                        else:
                            current = current + 1
                    raw[i] += current.value
            return [1.0 / (1.0 + exp(-raw[i])) for i in range(count)]
        finally:
            free(raw)
