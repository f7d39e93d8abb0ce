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
from libc.string cimport memcpy, memset

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


# A node as evaluated: both children by their place in the whole forest, and a leaf
# pointing at itself both ways, so that a row can take a fixed number of steps (the
# tree's depth) without asking where it stands.
cdef struct Step:
    double value                # a split's threshold, or a leaf's value
    uint32_t left
    uint32_t right
    uint16_t feature
    uint8_t missing_left

#: Rows walked through a tree side by side: each step of one row waits for a load, and
#: eight independent walks keep the processor busy in the meantime.
DEF LANES = 8


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

    cdef Step* steps
    cdef uint32_t* roots
    cdef uint32_t* depths
    cdef uint32_t n_trees
    cdef readonly uint32_t n_features
    cdef double baseline

    def __cinit__(self, const unsigned char[::1] data not None):
        self.steps = NULL
        self.roots = NULL
        self.depths = NULL
        cdef const unsigned char* raw = &data[0] if data.shape[0] else NULL
        cdef Py_ssize_t size = data.shape[0], at = 8, total = 0, start
        cdef uint32_t tree, count, node
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
        self.steps = <Step*>malloc(sizeof(Step) * max(total, 1))
        self.roots = <uint32_t*>malloc(sizeof(uint32_t) * self.n_trees)
        self.depths = <uint32_t*>malloc(sizeof(uint32_t) * self.n_trees)
        # each node's longest way from its tree's root, for one tree at a time
        cdef uint32_t* depth = <uint32_t*>malloc(sizeof(uint32_t) * max(total, 1))
        if self.steps == NULL or self.roots == NULL or self.depths == NULL or depth == NULL:
            free(depth)
            raise MemoryError()
        cdef Node current
        cdef Step* step
        try:
            at = start
            total = 0
            for tree in range(self.n_trees):
                memcpy(&count, raw + at, 4)
                at += 4
                self.roots[tree] = <uint32_t>total
                self.depths[tree] = 0
                memset(depth, 0, sizeof(uint32_t) * count)
                for node in range(count):          # a damaged file must not send us astray
                    memcpy(&current, raw + at + <Py_ssize_t>node * sizeof(Node), sizeof(Node))
                    # Children come after their parent (scikit-learn numbers nodes so):
                    # no walk can leave the tree or go round in a circle.
                    if not current.flags & LEAF and (node + 1 >= count or current.right >= count
                                                     or current.right <= node + 1
                                                     or current.feature >= self.n_features):
                        raise ValueError(f"tree {tree} has a node pointing outside it or back")
                    if current.flags & ~(LEAF | MISSING_LEFT) or not isfinite(current.value):
                        raise ValueError(f"tree {tree} has a damaged node (flags {current.flags}, "
                                         f"value {current.value})")
                    step = self.steps + total + node
                    step.value = current.value
                    if current.flags & LEAF:
                        step.left = step.right = <uint32_t>(total + node)
                        step.feature = 0
                        step.missing_left = 0
                        self.depths[tree] = max(self.depths[tree], depth[node])
                    else:
                        step.left = <uint32_t>(total + node + 1)
                        step.right = <uint32_t>(total + current.right)
                        step.feature = current.feature
                        step.missing_left = (current.flags & MISSING_LEFT) != 0
                        depth[node + 1] = max(depth[node + 1], depth[node] + 1)
                        depth[current.right] = max(depth[current.right], depth[node] + 1)
                at += count * sizeof(Node)
                total += count
        finally:
            free(depth)

    def __dealloc__(self):
        free(self.steps)
        free(self.roots)
        free(self.depths)

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
            No room to copy the rows (8 bytes a value) into one C matrix.
        """
        rows = list(rows)       # its own list: a length that cannot change while it is read
        cdef Py_ssize_t n = len(rows), i, f
        cdef uint32_t width = self.n_features, tree
        cdef double* x = <double*>malloc(sizeof(double) * max(n * width, 1))
        cdef double* raw = <double*>malloc(sizeof(double) * max(n, 1))
        cdef double* values
        cdef double value
        cdef uint32_t start, depth, d
        cdef uint32_t at[LANES]
        cdef double* row_of[LANES]
        cdef Py_ssize_t lane, lanes
        cdef Step* step
        cdef const double[:] view
        if x == NULL or raw == NULL:
            free(x)
            free(raw)
            raise MemoryError()
        try:
            for i, row in enumerate(rows):
                if len(row) != width:
                    raise ValueError(f"a row has {len(row)} features, the model {width}")
                values = x + i * width
                if isinstance(row, array) and row.typecode == "d":
                    view = row                  # read through the buffer, without float objects
                    for f in range(width):
                        values[f] = view[f]
                else:
                    for f in range(width):
                        values[f] = row[f]
                raw[i] = self.baseline
            # Tree by tree, all rows through each: a tree's nodes stay in the cache
            # while every row walks it (each row's sum still adds the trees in order).
            # Each row takes the tree's depth in steps, a leaf stepping to itself, and
            # picks a child by a conditional move rather than a jump: which way a row
            # goes is a coin toss to the processor, and wrong guesses cost more than the
            # steps taken after reaching a leaf.
            for tree in range(self.n_trees):
                start = self.roots[tree]
                depth = self.depths[tree]
                for i in range(0, n, LANES):
                    lanes = min(LANES, n - i)
                    for lane in range(LANES):
                        at[lane] = start
                        row_of[lane] = x + (i + min(lane, lanes - 1)) * width
                    for d in range(depth):
                        for lane in range(LANES):
                            step = self.steps + at[lane]
                            value = row_of[lane][step.feature]
                            # NaN fails the comparison and goes where missing values go
                            at[lane] = (step.left if (value <= step.value) | ((value != value) & step.missing_left)
                                        else step.right)
                    for lane in range(lanes):
                        raw[i + lane] += self.steps[at[lane]].value
            return [1.0 / (1.0 + exp(-raw[i])) for i in range(n)]
        finally:
            free(x)
            free(raw)
