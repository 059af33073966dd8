/* sudoku.mod -- the binary model of Sudoku in GNU MathProg (seed 002's GLPK model, generalised)

   Any order n with boxes of R rows x C columns (R * C = n), or irregular regions, and
   optionally the two main diagonals as extra houses.

     x[r,c,v] = 1  iff  cell (r,c) holds value v          (n^3 binaries)
     cell{r,c}:  sum_v x[r,c,v] = 1                       one value per cell
     row{r,v}:   sum_c x[r,c,v] = 1                       each value once per row
     col{c,v}:   sum_r x[r,c,v] = 1                       each value once per column
     box{b,v}:   sum_{(r,c) in box b} x[r,c,v] = 1        each value once per box (or region)
     fix{r,c}:   x[r,c,given[r,c]] = 1                    the givens
   No objective unless the data gives one (export --objective): maximise, or minimise when
   maximise = 0, sum weight[r,c,v] * x[r,c,v]; with the default weights 0 any feasible point is
   a solution.

   Data: a .dat written by `sudoku-ilp export --format gmpl-data PUZZLE -o puzzle.dat`.
   Solve: glpsol -m models/sudoku.mod -d puzzle.dat
   (for 16x16 and larger grids, add --minisat: GLPK's branch and bound can take minutes). */

param n, integer, >= 1;                 /* order: the grid is n x n, values 1..n */
set N := 1..n;
param R, integer, >= 1, default round(sqrt(n));   /* box rows */
param C, integer, >= 1, default n div R;          /* box columns */
param region{r in N, c in N}, integer, >= 0, <= n, default 0;
                                        /* irregular regions: id 1..n per cell (0: use boxes) */
param diagonals, binary, default 0;     /* 1: both main diagonals are houses */
param given{r in N, c in N}, integer, >= 0, <= n, default 0;   /* 0 = empty */

param irregular := if exists{r in N, c in N} region[r,c] > 0 then 1 else 0;
check: irregular = 1 or R * C = n;
check{r in N, c in N}: irregular = 0 or region[r,c] >= 1;

/* box b (numbered left to right, top to bottom) or region holding cell (r,c) */
param house{r in N, c in N} := if irregular then region[r,c]
    else ((r - 1) div R) * (n div C) + (c - 1) div C + 1;
set CELLS{b in N} := setof{r in N, c in N: house[r,c] = b} (r, c);
check{b in N}: card(CELLS[b]) = n;

var x{r in N, c in N, v in N}, binary;

s.t. cell{r in N, c in N}: sum{v in N} x[r,c,v] = 1;
s.t. row{r in N, v in N}: sum{c in N} x[r,c,v] = 1;
s.t. col{c in N, v in N}: sum{r in N} x[r,c,v] = 1;
s.t. box{b in N, v in N}: sum{(r,c) in CELLS[b]} x[r,c,v] = 1;
s.t. diag1{v in N: diagonals = 1}: sum{i in N} x[i,i,v] = 1;
s.t. diag2{v in N: diagonals = 1}: sum{i in N} x[i,n+1-i,v] = 1;
s.t. fix{r in N, c in N: given[r,c] > 0}: x[r,c,given[r,c]] = 1;
param weight{r in N, c in N, v in N}, integer, default 0;   /* objective weights */
param maximise, binary, default 1;     /* 1: maximise, 0: minimise */
maximize objective: sum{r in N, c in N, v in N} (2 * maximise - 1) * weight[r,c,v] * x[r,c,v];

solve;

/* The grid, printed only when the values form a solution. glpsol 5.0 stops at `solve;` when
   the problem has no feasible solution: it prints "PROBLEM HAS NO PRIMAL FEASIBLE SOLUTION" and
   runs nothing below (checked with data/seeds/seed004_no_solution_9x9.json, with and without
   --nopresol). The check guards the other endings (a time limit, another solver running this
   file), where the values need not form a grid. */
param value{r in N, c in N} := sum{v in N} v * round(x[r,c,v]);
param solved := if (forall{r in N, c in N} sum{v in N} round(x[r,c,v]) = 1)
    and (forall{r in N, c in N: given[r,c] > 0} value[r,c] = given[r,c])
    and (forall{r in N, v in N} sum{c in N} round(x[r,c,v]) = 1)
    and (forall{c in N, v in N} sum{r in N} round(x[r,c,v]) = 1)
    and (forall{b in N, v in N} sum{(r,c) in CELLS[b]} round(x[r,c,v]) = 1)
    then 1 else 0;
param w := if n > 9 then 2 else 1;      /* digits per cell */
param boxed := if irregular then 0 else 1;

for {{0}: solved = 0} printf "NO SOLUTION: the givens admit no grid\n";
for {{0}: solved = 1} {
  printf "SOLUTION\n";
  for {{0}: exists{r in N, c in N, v in N} weight[r,c,v] != 0}
    printf "OBJECTIVE %d\n", sum{r in N, c in N, v in N} weight[r,c,v] * round(x[r,c,v]);
  for {r in N} {
    for {{0}: boxed = 1 and (r - 1) mod R = 0} {
      for {b in 1..n div C} { printf "+"; printf {k in 1..C * (w + 1) + 1} "-"; }
      printf "+\n";
    }
    for {c in N} {
      for {{0}: boxed = 1 and (c - 1) mod C = 0} printf "| ";
      printf (if w = 2 then "%2d " else "%d "), value[r,c];
    }
    printf (if boxed = 1 then "|\n" else "\n");
  }
  for {{0}: boxed = 1} {
    for {b in 1..n div C} { printf "+"; printf {k in 1..C * (w + 1) + 1} "-"; }
    printf "+\n";
  }
}

end;
