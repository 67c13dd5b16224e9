/* Knuth's DLX2 colours for the compiled search core: included by webapp/engine/_dlx.c (only there),
 * after its Links, Span, Buffer, grow, hide, unhide, cover and uncover, which these routines use.
 *
 * colour[x] is the colour node x's option gives its item (0: none). A try commits each
 * other item of its option: it covers an uncoloured one and purifies a coloured one
 * (hides the options that give it another colour or none, and marks those that agree
 * -1, so trying one of them later commits nothing there). Uncommit undoes that, in the
 * reverse order. The events are those of webapp/engine/exact_cover.py's Search, in its order.
 */

#ifndef DLX_COLOURS_H
#define DLX_COLOURS_H

/* Knuth's purify(p): give item top[p] node p's colour. Every option that gives it another colour
 * or none is hidden (its node in this column stays, as Knuth leaves it); the others that agree
 * are marked -1, so a later try of one of them leaves the item alone. */
static inline void purify(const Links *L, node_t *up, node_t *down, node_t *len, node_t *colour, node_t p)
{
    node_t i = L->top[p], c = colour[p];
    for (node_t q = down[i]; q != i; q = down[q]) {
        if (colour[q] != c)
            hide(L, up, down, len, q);
        else if (q != p)
            colour[q] = -1;
    }
}

/* Knuth's unpurify(p): undo purify(p), options bottom to top. */
static inline void unpurify(const Links *L, node_t *up, node_t *down, node_t *len, node_t *colour, node_t p)
{
    node_t i = L->top[p], c = colour[p];
    for (node_t q = up[i]; q != i; q = up[q]) {
        if (colour[q] < 0)
            colour[q] = c;
        else if (q != p)
            unhide(L, up, down, len, q);
    }
}

/* Append one event to a recording (NULL: not recording). 0 when memory ran out. */
static inline int emit(Buffer *events, int64_t code)
{
    if (events == NULL)
        return 1;
    if (events->used == events->room && !grow(events))
        return 0;
    events->data[events->used++] = code;
    return 1;
}

/* Commit the try of node x: cover each other item of its option that it leaves uncoloured,
 * purify each one it colours unless an option above did (colour -1). The events go to
 * events (NULL: none). How many events it made (cover or purify), or -1 when memory ran out. */
static inline int64_t commit(const Links *L, node_t *up, node_t *down, node_t *len, node_t *left, node_t *right,
                             node_t *colour, node_t x, Buffer *events)
{
    const node_t *start = L->others_start, *covers = L->covers, *others = L->others;
    int64_t made = 0;
    for (node_t k = start[x]; k < start[x + 1]; k++) {
        node_t q = others[k], c = colour[q], i = covers[k];
        int kind;
        if (c == 0) {
            cover(L, up, down, len, left, right, i);
            kind = COVER;
        } else if (c > 0) {
            purify(L, up, down, len, colour, q);
            kind = PURIFY;
        } else {
            continue;   /* purified by an option above with this colour */
        }
        if (!emit(events, ((int64_t)i << KIND_BITS) | kind))
            return -1;
        made++;
    }
    return made;
}

/* Undo commit(x): uncover or unpurify each other item, last first. How many events it made
 * (uncover or unpurify), or -1 when memory ran out. */
static inline int64_t uncommit(const Links *L, node_t *up, node_t *down, node_t *len, node_t *left, node_t *right,
                               node_t *colour, node_t x, Buffer *events)
{
    const node_t *start = L->others_start, *covers = L->covers, *others = L->others;
    int64_t made = 0;
    for (node_t k = start[x + 1] - 1; k >= start[x]; k--) {
        node_t q = others[k], c = colour[q], i = covers[k];
        int kind;
        if (c == 0) {
            uncover(L, up, down, len, left, right, i);
            kind = UNCOVER;
        } else if (c > 0) {
            unpurify(L, up, down, len, colour, q);
            kind = UNPURIFY;
        } else {
            continue;   /* purified by an option above with this colour */
        }
        if (!emit(events, ((int64_t)i << KIND_BITS) | kind))
            return -1;
        made++;
    }
    return made;
}

#endif
