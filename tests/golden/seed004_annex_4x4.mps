* sudoku-ilp export: binary model, free MPS
* puzzle: Thesis annex - variant "sudoku 4x4"
* order 4, boxes 2x2, 6 givens
* model: 64 variables (64 binary, 0 integer), 70 constraints, 262 nonzeros
* minimise 0 (a feasibility problem); names are 1-based: r = row, c = column, v = value
* grid (. = empty):
* +-----+-----+
* | 2 1 | . . |
* | . 3 | 2 . |
* +-----+-----+
* | . . | . 4 |
* | 1 . | . . |
* +-----+-----+
NAME sudoku
ROWS
 N obj
 E cell_r1_c1
 E cell_r1_c2
 E cell_r1_c3
 E cell_r1_c4
 E cell_r2_c1
 E cell_r2_c2
 E cell_r2_c3
 E cell_r2_c4
 E cell_r3_c1
 E cell_r3_c2
 E cell_r3_c3
 E cell_r3_c4
 E cell_r4_c1
 E cell_r4_c2
 E cell_r4_c3
 E cell_r4_c4
 E row_r1_v1
 E row_r1_v2
 E row_r1_v3
 E row_r1_v4
 E row_r2_v1
 E row_r2_v2
 E row_r2_v3
 E row_r2_v4
 E row_r3_v1
 E row_r3_v2
 E row_r3_v3
 E row_r3_v4
 E row_r4_v1
 E row_r4_v2
 E row_r4_v3
 E row_r4_v4
 E col_c1_v1
 E col_c1_v2
 E col_c1_v3
 E col_c1_v4
 E col_c2_v1
 E col_c2_v2
 E col_c2_v3
 E col_c2_v4
 E col_c3_v1
 E col_c3_v2
 E col_c3_v3
 E col_c3_v4
 E col_c4_v1
 E col_c4_v2
 E col_c4_v3
 E col_c4_v4
 E box_b1_v1
 E box_b1_v2
 E box_b1_v3
 E box_b1_v4
 E box_b2_v1
 E box_b2_v2
 E box_b2_v3
 E box_b2_v4
 E box_b3_v1
 E box_b3_v2
 E box_b3_v3
 E box_b3_v4
 E box_b4_v1
 E box_b4_v2
 E box_b4_v3
 E box_b4_v4
 E given_r1_c1
 E given_r1_c2
 E given_r2_c2
 E given_r2_c3
 E given_r3_c4
 E given_r4_c1
COLUMNS
 MARKER 'MARKER' 'INTORG'
 x_r1_c1_v1 cell_r1_c1 1 row_r1_v1 1
 x_r1_c1_v1 col_c1_v1 1 box_b1_v1 1
 x_r1_c1_v2 cell_r1_c1 1 row_r1_v2 1
 x_r1_c1_v2 col_c1_v2 1 box_b1_v2 1
 x_r1_c1_v2 given_r1_c1 1
 x_r1_c1_v3 cell_r1_c1 1 row_r1_v3 1
 x_r1_c1_v3 col_c1_v3 1 box_b1_v3 1
 x_r1_c1_v4 cell_r1_c1 1 row_r1_v4 1
 x_r1_c1_v4 col_c1_v4 1 box_b1_v4 1
 x_r1_c2_v1 cell_r1_c2 1 row_r1_v1 1
 x_r1_c2_v1 col_c2_v1 1 box_b1_v1 1
 x_r1_c2_v1 given_r1_c2 1
 x_r1_c2_v2 cell_r1_c2 1 row_r1_v2 1
 x_r1_c2_v2 col_c2_v2 1 box_b1_v2 1
 x_r1_c2_v3 cell_r1_c2 1 row_r1_v3 1
 x_r1_c2_v3 col_c2_v3 1 box_b1_v3 1
 x_r1_c2_v4 cell_r1_c2 1 row_r1_v4 1
 x_r1_c2_v4 col_c2_v4 1 box_b1_v4 1
 x_r1_c3_v1 cell_r1_c3 1 row_r1_v1 1
 x_r1_c3_v1 col_c3_v1 1 box_b2_v1 1
 x_r1_c3_v2 cell_r1_c3 1 row_r1_v2 1
 x_r1_c3_v2 col_c3_v2 1 box_b2_v2 1
 x_r1_c3_v3 cell_r1_c3 1 row_r1_v3 1
 x_r1_c3_v3 col_c3_v3 1 box_b2_v3 1
 x_r1_c3_v4 cell_r1_c3 1 row_r1_v4 1
 x_r1_c3_v4 col_c3_v4 1 box_b2_v4 1
 x_r1_c4_v1 cell_r1_c4 1 row_r1_v1 1
 x_r1_c4_v1 col_c4_v1 1 box_b2_v1 1
 x_r1_c4_v2 cell_r1_c4 1 row_r1_v2 1
 x_r1_c4_v2 col_c4_v2 1 box_b2_v2 1
 x_r1_c4_v3 cell_r1_c4 1 row_r1_v3 1
 x_r1_c4_v3 col_c4_v3 1 box_b2_v3 1
 x_r1_c4_v4 cell_r1_c4 1 row_r1_v4 1
 x_r1_c4_v4 col_c4_v4 1 box_b2_v4 1
 x_r2_c1_v1 cell_r2_c1 1 row_r2_v1 1
 x_r2_c1_v1 col_c1_v1 1 box_b1_v1 1
 x_r2_c1_v2 cell_r2_c1 1 row_r2_v2 1
 x_r2_c1_v2 col_c1_v2 1 box_b1_v2 1
 x_r2_c1_v3 cell_r2_c1 1 row_r2_v3 1
 x_r2_c1_v3 col_c1_v3 1 box_b1_v3 1
 x_r2_c1_v4 cell_r2_c1 1 row_r2_v4 1
 x_r2_c1_v4 col_c1_v4 1 box_b1_v4 1
 x_r2_c2_v1 cell_r2_c2 1 row_r2_v1 1
 x_r2_c2_v1 col_c2_v1 1 box_b1_v1 1
 x_r2_c2_v2 cell_r2_c2 1 row_r2_v2 1
 x_r2_c2_v2 col_c2_v2 1 box_b1_v2 1
 x_r2_c2_v3 cell_r2_c2 1 row_r2_v3 1
 x_r2_c2_v3 col_c2_v3 1 box_b1_v3 1
 x_r2_c2_v3 given_r2_c2 1
 x_r2_c2_v4 cell_r2_c2 1 row_r2_v4 1
 x_r2_c2_v4 col_c2_v4 1 box_b1_v4 1
 x_r2_c3_v1 cell_r2_c3 1 row_r2_v1 1
 x_r2_c3_v1 col_c3_v1 1 box_b2_v1 1
 x_r2_c3_v2 cell_r2_c3 1 row_r2_v2 1
 x_r2_c3_v2 col_c3_v2 1 box_b2_v2 1
 x_r2_c3_v2 given_r2_c3 1
 x_r2_c3_v3 cell_r2_c3 1 row_r2_v3 1
 x_r2_c3_v3 col_c3_v3 1 box_b2_v3 1
 x_r2_c3_v4 cell_r2_c3 1 row_r2_v4 1
 x_r2_c3_v4 col_c3_v4 1 box_b2_v4 1
 x_r2_c4_v1 cell_r2_c4 1 row_r2_v1 1
 x_r2_c4_v1 col_c4_v1 1 box_b2_v1 1
 x_r2_c4_v2 cell_r2_c4 1 row_r2_v2 1
 x_r2_c4_v2 col_c4_v2 1 box_b2_v2 1
 x_r2_c4_v3 cell_r2_c4 1 row_r2_v3 1
 x_r2_c4_v3 col_c4_v3 1 box_b2_v3 1
 x_r2_c4_v4 cell_r2_c4 1 row_r2_v4 1
 x_r2_c4_v4 col_c4_v4 1 box_b2_v4 1
 x_r3_c1_v1 cell_r3_c1 1 row_r3_v1 1
 x_r3_c1_v1 col_c1_v1 1 box_b3_v1 1
 x_r3_c1_v2 cell_r3_c1 1 row_r3_v2 1
 x_r3_c1_v2 col_c1_v2 1 box_b3_v2 1
 x_r3_c1_v3 cell_r3_c1 1 row_r3_v3 1
 x_r3_c1_v3 col_c1_v3 1 box_b3_v3 1
 x_r3_c1_v4 cell_r3_c1 1 row_r3_v4 1
 x_r3_c1_v4 col_c1_v4 1 box_b3_v4 1
 x_r3_c2_v1 cell_r3_c2 1 row_r3_v1 1
 x_r3_c2_v1 col_c2_v1 1 box_b3_v1 1
 x_r3_c2_v2 cell_r3_c2 1 row_r3_v2 1
 x_r3_c2_v2 col_c2_v2 1 box_b3_v2 1
 x_r3_c2_v3 cell_r3_c2 1 row_r3_v3 1
 x_r3_c2_v3 col_c2_v3 1 box_b3_v3 1
 x_r3_c2_v4 cell_r3_c2 1 row_r3_v4 1
 x_r3_c2_v4 col_c2_v4 1 box_b3_v4 1
 x_r3_c3_v1 cell_r3_c3 1 row_r3_v1 1
 x_r3_c3_v1 col_c3_v1 1 box_b4_v1 1
 x_r3_c3_v2 cell_r3_c3 1 row_r3_v2 1
 x_r3_c3_v2 col_c3_v2 1 box_b4_v2 1
 x_r3_c3_v3 cell_r3_c3 1 row_r3_v3 1
 x_r3_c3_v3 col_c3_v3 1 box_b4_v3 1
 x_r3_c3_v4 cell_r3_c3 1 row_r3_v4 1
 x_r3_c3_v4 col_c3_v4 1 box_b4_v4 1
 x_r3_c4_v1 cell_r3_c4 1 row_r3_v1 1
 x_r3_c4_v1 col_c4_v1 1 box_b4_v1 1
 x_r3_c4_v2 cell_r3_c4 1 row_r3_v2 1
 x_r3_c4_v2 col_c4_v2 1 box_b4_v2 1
 x_r3_c4_v3 cell_r3_c4 1 row_r3_v3 1
 x_r3_c4_v3 col_c4_v3 1 box_b4_v3 1
 x_r3_c4_v4 cell_r3_c4 1 row_r3_v4 1
 x_r3_c4_v4 col_c4_v4 1 box_b4_v4 1
 x_r3_c4_v4 given_r3_c4 1
 x_r4_c1_v1 cell_r4_c1 1 row_r4_v1 1
 x_r4_c1_v1 col_c1_v1 1 box_b3_v1 1
 x_r4_c1_v1 given_r4_c1 1
 x_r4_c1_v2 cell_r4_c1 1 row_r4_v2 1
 x_r4_c1_v2 col_c1_v2 1 box_b3_v2 1
 x_r4_c1_v3 cell_r4_c1 1 row_r4_v3 1
 x_r4_c1_v3 col_c1_v3 1 box_b3_v3 1
 x_r4_c1_v4 cell_r4_c1 1 row_r4_v4 1
 x_r4_c1_v4 col_c1_v4 1 box_b3_v4 1
 x_r4_c2_v1 cell_r4_c2 1 row_r4_v1 1
 x_r4_c2_v1 col_c2_v1 1 box_b3_v1 1
 x_r4_c2_v2 cell_r4_c2 1 row_r4_v2 1
 x_r4_c2_v2 col_c2_v2 1 box_b3_v2 1
 x_r4_c2_v3 cell_r4_c2 1 row_r4_v3 1
 x_r4_c2_v3 col_c2_v3 1 box_b3_v3 1
 x_r4_c2_v4 cell_r4_c2 1 row_r4_v4 1
 x_r4_c2_v4 col_c2_v4 1 box_b3_v4 1
 x_r4_c3_v1 cell_r4_c3 1 row_r4_v1 1
 x_r4_c3_v1 col_c3_v1 1 box_b4_v1 1
 x_r4_c3_v2 cell_r4_c3 1 row_r4_v2 1
 x_r4_c3_v2 col_c3_v2 1 box_b4_v2 1
 x_r4_c3_v3 cell_r4_c3 1 row_r4_v3 1
 x_r4_c3_v3 col_c3_v3 1 box_b4_v3 1
 x_r4_c3_v4 cell_r4_c3 1 row_r4_v4 1
 x_r4_c3_v4 col_c3_v4 1 box_b4_v4 1
 x_r4_c4_v1 cell_r4_c4 1 row_r4_v1 1
 x_r4_c4_v1 col_c4_v1 1 box_b4_v1 1
 x_r4_c4_v2 cell_r4_c4 1 row_r4_v2 1
 x_r4_c4_v2 col_c4_v2 1 box_b4_v2 1
 x_r4_c4_v3 cell_r4_c4 1 row_r4_v3 1
 x_r4_c4_v3 col_c4_v3 1 box_b4_v3 1
 x_r4_c4_v4 cell_r4_c4 1 row_r4_v4 1
 x_r4_c4_v4 col_c4_v4 1 box_b4_v4 1
 MARKER 'MARKER' 'INTEND'
RHS
 RHS cell_r1_c1 1
 RHS cell_r1_c2 1
 RHS cell_r1_c3 1
 RHS cell_r1_c4 1
 RHS cell_r2_c1 1
 RHS cell_r2_c2 1
 RHS cell_r2_c3 1
 RHS cell_r2_c4 1
 RHS cell_r3_c1 1
 RHS cell_r3_c2 1
 RHS cell_r3_c3 1
 RHS cell_r3_c4 1
 RHS cell_r4_c1 1
 RHS cell_r4_c2 1
 RHS cell_r4_c3 1
 RHS cell_r4_c4 1
 RHS row_r1_v1 1
 RHS row_r1_v2 1
 RHS row_r1_v3 1
 RHS row_r1_v4 1
 RHS row_r2_v1 1
 RHS row_r2_v2 1
 RHS row_r2_v3 1
 RHS row_r2_v4 1
 RHS row_r3_v1 1
 RHS row_r3_v2 1
 RHS row_r3_v3 1
 RHS row_r3_v4 1
 RHS row_r4_v1 1
 RHS row_r4_v2 1
 RHS row_r4_v3 1
 RHS row_r4_v4 1
 RHS col_c1_v1 1
 RHS col_c1_v2 1
 RHS col_c1_v3 1
 RHS col_c1_v4 1
 RHS col_c2_v1 1
 RHS col_c2_v2 1
 RHS col_c2_v3 1
 RHS col_c2_v4 1
 RHS col_c3_v1 1
 RHS col_c3_v2 1
 RHS col_c3_v3 1
 RHS col_c3_v4 1
 RHS col_c4_v1 1
 RHS col_c4_v2 1
 RHS col_c4_v3 1
 RHS col_c4_v4 1
 RHS box_b1_v1 1
 RHS box_b1_v2 1
 RHS box_b1_v3 1
 RHS box_b1_v4 1
 RHS box_b2_v1 1
 RHS box_b2_v2 1
 RHS box_b2_v3 1
 RHS box_b2_v4 1
 RHS box_b3_v1 1
 RHS box_b3_v2 1
 RHS box_b3_v3 1
 RHS box_b3_v4 1
 RHS box_b4_v1 1
 RHS box_b4_v2 1
 RHS box_b4_v3 1
 RHS box_b4_v4 1
 RHS given_r1_c1 1
 RHS given_r1_c2 1
 RHS given_r2_c2 1
 RHS given_r2_c3 1
 RHS given_r3_c4 1
 RHS given_r4_c1 1
BOUNDS
 UP BND x_r1_c1_v1 1
 UP BND x_r1_c1_v2 1
 UP BND x_r1_c1_v3 1
 UP BND x_r1_c1_v4 1
 UP BND x_r1_c2_v1 1
 UP BND x_r1_c2_v2 1
 UP BND x_r1_c2_v3 1
 UP BND x_r1_c2_v4 1
 UP BND x_r1_c3_v1 1
 UP BND x_r1_c3_v2 1
 UP BND x_r1_c3_v3 1
 UP BND x_r1_c3_v4 1
 UP BND x_r1_c4_v1 1
 UP BND x_r1_c4_v2 1
 UP BND x_r1_c4_v3 1
 UP BND x_r1_c4_v4 1
 UP BND x_r2_c1_v1 1
 UP BND x_r2_c1_v2 1
 UP BND x_r2_c1_v3 1
 UP BND x_r2_c1_v4 1
 UP BND x_r2_c2_v1 1
 UP BND x_r2_c2_v2 1
 UP BND x_r2_c2_v3 1
 UP BND x_r2_c2_v4 1
 UP BND x_r2_c3_v1 1
 UP BND x_r2_c3_v2 1
 UP BND x_r2_c3_v3 1
 UP BND x_r2_c3_v4 1
 UP BND x_r2_c4_v1 1
 UP BND x_r2_c4_v2 1
 UP BND x_r2_c4_v3 1
 UP BND x_r2_c4_v4 1
 UP BND x_r3_c1_v1 1
 UP BND x_r3_c1_v2 1
 UP BND x_r3_c1_v3 1
 UP BND x_r3_c1_v4 1
 UP BND x_r3_c2_v1 1
 UP BND x_r3_c2_v2 1
 UP BND x_r3_c2_v3 1
 UP BND x_r3_c2_v4 1
 UP BND x_r3_c3_v1 1
 UP BND x_r3_c3_v2 1
 UP BND x_r3_c3_v3 1
 UP BND x_r3_c3_v4 1
 UP BND x_r3_c4_v1 1
 UP BND x_r3_c4_v2 1
 UP BND x_r3_c4_v3 1
 UP BND x_r3_c4_v4 1
 UP BND x_r4_c1_v1 1
 UP BND x_r4_c1_v2 1
 UP BND x_r4_c1_v3 1
 UP BND x_r4_c1_v4 1
 UP BND x_r4_c2_v1 1
 UP BND x_r4_c2_v2 1
 UP BND x_r4_c2_v3 1
 UP BND x_r4_c2_v4 1
 UP BND x_r4_c3_v1 1
 UP BND x_r4_c3_v2 1
 UP BND x_r4_c3_v3 1
 UP BND x_r4_c3_v4 1
 UP BND x_r4_c4_v1 1
 UP BND x_r4_c4_v2 1
 UP BND x_r4_c4_v3 1
 UP BND x_r4_c4_v4 1
ENDATA
