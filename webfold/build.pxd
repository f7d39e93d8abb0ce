# Types for compiling build.py with Cython (an "augmenting" .pxd): the module stays
# plain Python; compiled, its records are C structs and its hot methods C functions.
cimport cython

# The module's integer constants as C ints: each use in the hot methods is then a C
# operation, not a lookup of a module global and arithmetic on Python ints. (They are
# no longer attributes of the module; those that tests read are left out.)
cdef int TEXT, START_TAG, END_TAG, RAW_TEXT, WHITESPACE, SELF_CLOSING, HAS_ATTRIBUTES
cdef int TITLE, XMP, PLAINTEXT, SCRIPT, ANCHOR
cdef int NONE, BLOCK, HEADING, LIST, ITEM, QUOTE, PRE, CODE, TABLE, ROW, CELL, CAPTION, MARK, LINK, CONTROL
cdef int HIDDEN_ROOT, HIDDEN_CANDIDATE, IN_MAIN, IN_SECTIONING, SPACE_AFTER, FLAT_TABLE
cdef int HIDDEN_FOREIGN, REMOVED, DIALOG_ROOT, INTEGRATION_POINT, INACTIVE
cdef int FLEX_CONTAINER, FLEX_ITEM
cdef int FOREIGN_SEEN, FOREIGN_UNSEEN, MARKER
cdef int VOID, DROPPED, IMPLIES, SECTION, MAIN_OR_ARTICLE, PAGE_CHROME, ROOT, FORMATTING
cdef int LIST_CONTAINER, ITEM_CONTAINER, QUOTE_CONTAINER
cdef int CHROME_ASIDE, CHROME_CLASS, CHROME_DIALOG, CHROME_FORM, CHROME_HEADER_FOOTER
cdef int CHROME_HIDDEN, CHROME_INVISIBLE, CHROME_NAV, CHROME_PANEL
cdef Py_ssize_t PERMALINK_REACH, PERMALINK_PARTS, PERMALINK_CHARS, SEARCH_LIMIT, NOAHS_ARK, MAX_TABLE_NESTING, MAX_CONTAINERS, MAX_JOINED_CODE, MAX_LABEL_CHARS
# and its tag sets and tables, read without a lookup by name
cdef frozenset IN_SCOPE, IN_BUTTON_SCOPE, IN_LIST_ITEM_SCOPE, IN_TABLE_SCOPE, LIST_ITEM_STOP, TABLE_PARTS
cdef frozenset TABLE_WHITE_SPACE, TABLE_BODIES, TABLE_COLUMNS, TABLE_MODE_ENDS, IMPLIED_END_TAGS, PAGE_FACTS, DELIMITERS
cdef frozenset SPECIAL_ELEMENTS, SCOPE_BOUNDARIES, PHRASING_ELEMENTS, FOREIGN_ROOTS, FOREIGN_BREAKOUT
cdef frozenset FORMATTING_ELEMENTS, MATHML_GLYPHS, HTML_ENCODINGS, DRAWN_SVG, SVG_BOXES, BOXED_ELEMENTS, MARKER_ELEMENTS, UNRECONSTRUCTED
cdef frozenset MARKER_ENDS, TASK_LIST_CLASSES, PERMALINK_CLASSES, UNDRAWN
cdef dict ROLES, TAG_BITS, MARKS, TAG_MARKS, ENCLOSING, PAIRS, HEADING_LEVEL, INTEGRATION_POINTS
cdef tuple TAG_NAMES, HEADINGS, TABLE_MODES, INLINE_ROLES
cdef str REMOVED_TAG, _HARD_BREAK

cdef class Frame:
    cdef public str tag
    cdef public int role
    cdef public int flags
    cdef public object data
    cdef public object attributes
    cdef public Frame parent
    cdef public Py_ssize_t serial
    cdef public Py_ssize_t token
    cdef public int chrome
    cdef public str space
    cdef public Py_ssize_t anchor
    cdef public object _element

    @cython.locals(frame=Frame, missing=list)
    cpdef object element(self)

cdef class Mark:
    cdef public str opener
    cdef public str closer
    cdef public Py_ssize_t placed
    cdef public object link

cdef class Container:
    cdef public int kind
    cdef public str marker
    cdef public bint started
    cdef public bint interrupts
    cdef public Frame frame
    cdef public object state
    cdef public object last_list
    cdef public list empty_items
    cdef public bint own_leaf

cdef class Sink:
    cdef public list blocks
    cdef public object shown
    cdef public bint shown_alternate
    cdef public list containers
    cdef public object open
    cdef public object open_element
    cdef public object last_item
    cdef public list items
    cdef public list item_leaves
    cdef public bint alternate

cdef class Growing:
    cdef public object block
    cdef public list md
    cdef public list text

cdef class ListState:
    cdef public bint ordered
    cdef public Py_ssize_t number
    cdef public bint nested
    cdef public bint alternate

cdef class Builder:
    cdef public object tokens
    cdef public object resolve, address
    cdef public bint resolved
    cdef public dict destinations
    cdef public list gutter_held
    cdef public object before_held, last_placed
    cdef public bint images
    cdef public list stack
    cdef public dict open_count
    cdef public int hidden, hidden_foreign, main, sectioning, pre, heading
    cdef public object description_sink
    cdef public Py_ssize_t description_depth
    cdef public int description_chrome
    cdef public object last_leaf
    cdef public bint left_svg
    cdef public object math
    cdef public Frame math_root
    cdef public Py_ssize_t serial, token, reopen_budget
    cdef public list active_formatting
    cdef public dict active_names
    cdef public list markers, marker_parts
    cdef public dict searched
    cdef public bint spaced, tagged, boxed, link_ended, item_edge, drawn
    cdef public Py_ssize_t ended
    cdef public object page
    cdef public bint json_ld
    cdef public object payload_kind
    cdef public str tex_script, text_end
    cdef public list payloads
    cdef public bint base_seen, ruby_parenthesis
    cdef public object late_base
    cdef public bint unclosed_nav, keep_nav, saw_nav, form_pointer
    cdef public list sinks, tables, marks
    cdef public object lazy_image
    cdef public tuple task, task_written, permalink, code_permalink, last_gap
    cdef public Mark code
    cdef public list pre_parts
    cdef public list line_number_starts
    cdef public str pre_language
    cdef public Py_ssize_t pre_language_rank
    cdef public list parts, plain, links, plain_out
    cdef public dict link_plain
    cdef public Py_ssize_t link_chars, image_count
    cdef public list fragile
    cdef public dict held
    cdef public dict swapped
    cdef public Py_ssize_t last_code
    cdef public list closers
    cdef public dict code_spans
    cdef public dict prose, dollars, texts
    cdef public bint has_formula, writing_formula
    cdef public bint space, line_start, gap
    cdef public bint keep_noscript, hidden_blocks
    cdef public set controlled, taken_ids
    cdef public bint saw_tab
    cdef public int flat_tables
    cdef public Py_ssize_t noscript_bytes, offset

    @cython.locals(table="long long[:]", index=Py_ssize_t, kind=int, number=int,
                   start=Py_ssize_t, end=Py_ssize_t, flags=int, size=Py_ssize_t)
    cpdef list run(self)
    @cython.locals(bits=int, marks=int, hidden=bint, around=int, target=bint, role=int, frame_flags=int, chrome=int,
                   foreign=bint, position=Py_ssize_t)
    cdef void start_tag(self, str name, Py_ssize_t index, int flags)
    @cython.locals(shown=bint)
    cdef void _drop(self, str name, bint hidden, object attributes)
    cdef void base(self, dict attributes)
    cdef void page_fact(self, str name, dict attributes)
    cdef void dates(self, str name, dict attributes)
    @cython.locals(stack=list, at=Py_ssize_t, lowest=Py_ssize_t)
    cdef void marks_after_code(self, Mark code)
    @cython.locals(stack=list, at=Py_ssize_t, frame=Frame)
    cdef void marks_inside(self, Py_ssize_t position)
    @cython.locals(code=Mark)
    cdef void flush_for_block(self)
    @cython.locals(sink=Sink, listing=Container)
    cdef void block_start(self, str name, int role, int flags, object attributes, int chrome)
    @cython.locals(frame=Frame, parent=Frame, inherited=int, position=Py_ssize_t, html=bint)
    cdef void push(self, str name, int role, int flags, object attributes, object data=*, int chrome=*)
    @cython.locals(parent=Frame, html=bint, unseen=bint)
    cdef void math_element(self, str name, Py_ssize_t index, int flags, int bits)
    cdef bint math_unseen(self, str name, object attributes)
    cdef bint formula_image(self, dict attributes)
    cdef void write_formula(self, str text)
    cdef bint hidden_by(self, str name, dict attributes, int marks)
    cdef bint flex_container(self, dict attributes, int marks)
    cdef bint meet(self, str name, dict attributes, bint unseen, int marks)
    cdef bint meet_id(self, object own)
    cdef void note_control(self, str name, dict attributes, int marks)
    cdef bint closed_panel(self, dict attributes, bint target, int marks)
    cdef bint hidden_candidate(self, str name, bint starts_block=*)
    cdef int control_role(self, object attributes)
    cdef bint body_started(self)
    cdef bint in_table_body(self)
    @cython.locals(stack=list)
    cdef bint in_foreign_element(self)
    @cython.locals(stack=list)
    cdef bint reconstructs_before_space(self)
    cdef bint outside_html(self)
    cdef bint heading_open(self)
    cdef int chrome_kinds(self, dict attributes, int marks)
    cdef void imply_end_tags(self, str name)
    @cython.locals(stack=list, frame=Frame, start=Py_ssize_t, lowest=Py_ssize_t, position=Py_ssize_t)
    cdef Py_ssize_t in_scope(self, tuple names, frozenset boundaries, Py_ssize_t top=*, Py_ssize_t limit=*)
    @cython.locals(position=Py_ssize_t)
    cdef bint close_in_scope(self, tuple names, frozenset boundaries)
    @cython.locals(stack=list, at=Py_ssize_t, frame=Frame, closed=list)
    cdef void pop_to(self, Py_ssize_t position)
    @cython.locals(markers=list, frame=Frame, active=list, names=dict, at=Py_ssize_t, lowest=Py_ssize_t,
                   part=tuple)
    cdef void keep_active(self, list closed)
    @cython.locals(part=tuple)
    cdef void clear_to_last_marker(self)
    @cython.locals(tag=str)
    cdef void marker_closed(self, Frame frame)
    cdef void reconstruct(self)
    @cython.locals(active=list, at=Py_ssize_t, stack=list, position=Py_ssize_t, lowest=Py_ssize_t)
    cdef bint forget_active(self, str name)
    @cython.locals(stack=list, at=Py_ssize_t, position=Py_ssize_t, frame=Frame, tag=str, formatting=bint,
                   furthest=bint, hiding=bint, mark=Mark, code=Mark, size=Py_ssize_t, lowest=Py_ssize_t,
                   resume=Py_ssize_t, stop=Py_ssize_t, known=Py_ssize_t, memo=tuple, was_furthest=bint,
                   was_hiding=bint, resuming=bint)
    cdef bint close_phrasing(self, str name)
    @cython.locals(stack=list, inside=list, innermost=Py_ssize_t, reopened=list, active=list, at=Py_ssize_t,
                   frame=Frame, waiting=list, names=dict, token=Py_ssize_t, closed=list)
    cdef bint move_out_furthest_blocks(self, Py_ssize_t position)
    @cython.locals(position=Py_ssize_t)
    cdef void clear_to_table_context(self)
    @cython.locals(stack=list, marker=int, position=Py_ssize_t)
    cdef void end_tag(self, str name)
    @cython.locals(stack=list, frame=Frame, point=Frame)
    cdef tuple namespace_point(self)
    @cython.locals(stack=list, frame=Frame, top=Py_ssize_t, position=Py_ssize_t, lowest=Py_ssize_t, bounded=bint)
    cdef bint end_in_foreign_content(self, str name)
    @cython.locals(frame=Frame, flags=int, role=int)
    cdef void pop(self)
    @cython.locals(sink=Sink)
    cdef void close_role(self, Frame frame, int role)
    cdef void _reset_paragraph(self)
    cdef void text(self, str text)
    @cython.locals(code=Mark, mark=Mark, lead=Py_ssize_t, at=Py_ssize_t)
    cdef void add_text(self, str text)
    @cython.locals(parts=list, mark=Mark, touching=bint, containers=list)
    cdef void place(self, str first)
    @cython.locals(todo=list, check=bint, after=Py_ssize_t)
    cdef void _unbreak(self, Py_ssize_t opener, Py_ssize_t closer)
    @cython.locals(other=Mark, later=bint)
    cdef str _after_run(self, Mark mark, str first)
    @cython.locals(parts=list, mark=Mark, last=Py_ssize_t, at=Py_ssize_t)
    cdef void _split_run(self, str first)
    @cython.locals(mark=Mark)
    cdef bint link_open(self)
    cdef object open_mark(self, str name, int role, object attributes, Frame parent)
    @cython.locals(mark=Mark, found=tuple)
    cdef object _link_mark(self, object attributes)
    @cython.locals(key=tuple)
    cdef tuple destination(self, str value, bint image)
    cdef void _open_code(self, object mark)
    cdef void close_mark(self, object mark)
    cdef void _write_closer(self, Mark mark)
    cdef void _end_emphasis(self, Py_ssize_t opener, str tail)
    cdef tuple _flanking(self, Py_ssize_t opener)
    cdef Py_ssize_t _written_before(self, Py_ssize_t end, Py_ssize_t stop)
    cdef Py_ssize_t _written_after(self, Py_ssize_t start, Py_ssize_t stop)
    cdef void _move_inside(self, Py_ssize_t opener, Py_ssize_t closer)
    cdef void _escape_bang(self, Py_ssize_t bracket)
    @cython.locals(char=str, inner=list)
    cdef bint _wraps_one(self, Py_ssize_t opener, Py_ssize_t closer)
    cdef bint _close_before_punctuation(self, Py_ssize_t opener, Py_ssize_t closer)
    @cython.locals(other=Mark)
    cdef bint _enclosed(self, Mark mark)
    @cython.locals(parts=list, size=Py_ssize_t, index=Py_ssize_t)
    cdef bint _short_link(self, Py_ssize_t opener)
    cdef str _permalink_mark(self, Py_ssize_t opener)
    cdef bint permalink_at_end(self)
    @cython.locals(frame=Frame, attributes=dict, title=str)
    cdef bint _calls_itself_permalink(self)
    @cython.locals(at=Py_ssize_t, first=Py_ssize_t, last=Py_ssize_t)
    cdef bint _open_after_punctuation(self, Py_ssize_t opener, Py_ssize_t end)
    @cython.locals(parts=list, delimiter=str, links=list, at=Py_ssize_t, close=Py_ssize_t, first=Py_ssize_t,
                   last=Py_ssize_t)
    cdef bint _into_enclosures(self, Py_ssize_t opener, Py_ssize_t end)
    @cython.locals(written=tuple)
    cdef void close_code(self, object mark)
    cdef bint _take_back_opener(self, Py_ssize_t index)
    cdef void void(self, str name, object attributes)
    @cython.locals(containers=list, item=Frame, frame=Frame, task_list=bint)
    cdef void task_marker(self, dict attributes)
    cdef void image(self, dict attributes)
    cdef void noscript_image(self, dict attributes)
    @cython.locals(found=tuple)
    cdef void write_image(self, str src, str alt, str title)
    @cython.locals(parts=list, mark=Mark, blank=Py_ssize_t)
    cdef void flush(self)
    cdef void _join_touching_code(self, list parts)
    cdef void new_code_line(self)
    cdef void close_pre(self)
    cdef void code_language(self, object attributes, bint wrapper=*)
    @cython.locals(frames=list, tags=list, figure=Py_ssize_t)
    cdef str hexo_language(self)
    cdef bint nested_list(self)
    @cython.locals(state=ListState, frame=Frame, container=Container)
    cdef Container open_item(self)
    @cython.locals(stack=list, index=Py_ssize_t, frame=Frame, sink=Sink)
    cdef void start_description(self, int chrome)
    cdef void open_container(self, Container container)
    @cython.locals(sink=Sink, container=Container, listing=Container)
    cdef void close_container(self)
    cdef void close_open_block(self, Sink sink)
    @cython.locals(frame=Frame)
    cdef object innermost_element(self)
    @cython.locals(sink=Sink, held=list)
    cdef void emit(self, object block)
    @cython.locals(held=list, blocks=list, sink=Sink)
    cdef void place_held(self)
    @cython.locals(containers=list, container=Container, listing=Container, index=Py_ssize_t, item=Frame, separate=bint,
                   decided=bint, new_item=bint)
    cdef void place_leaf(self, Sink sink, object block)
    cdef void add_cell(self, Frame frame, Sink sink)
    @cython.locals(leaves=list)
    cdef void close_table(self, Frame frame)
    cdef list finish(self)

cdef bint same(str a, str b)
cpdef bint letter_like(str char)
@cython.locals(found=int)
cpdef int class_marks(dict attributes) except -1
