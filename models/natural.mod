/* natural.mod -- the natural integer model of Sudoku in GNU MathProg (seed 000), big-M form

   One integer per cell holding its value, and v[a] <> v[b] for every two cells a, b that share a
   house, written as a disjunction with one binary y per pair and M = n:

     v[r,c] in 1..n (integer); a given fixes both bounds         n^2 integers
     y[a,b] in {0,1} for each pair a < b sharing a house          810 for 9x9
     ne1{a,b}:  v[a] - v[b] + M * y[a,b] >= 1                     y = 0  =>  v[a] > v[b]
     ne2{a,b}:  v[b] - v[a] - M * y[a,b] >= 1 - M                 y = 1  =>  v[b] > v[a]
   M = n is the smallest valid constant: a switched-off row must hold for all values in 1..n,
   and v[a] - v[b] >= 1 - n. No objective.

   Same data as models/sudoku.mod (`sudoku-ilp export --format gmpl-data`).
   Solve: glpsol -m models/natural.mod -d puzzle.dat
   The LP relaxation is weak: 9x9 grids with few givens can take glpsol minutes. */

param n, integer, >= 1;
set N := 1..n;
param R, integer, >= 1, default round(sqrt(n));
param C, integer, >= 1, default n div R;
param region{r in N, c in N}, integer, >= 0, <= n, default 0;
param diagonals, binary, default 0;
param given{r in N, c in N}, integer, >= 0, <= n, default 0;

param irregular := if exists{r in N, c in N} region[r,c] > 0 then 1 else 0;
check: irregular = 1 or R * C = n;
check{r in N, c in N}: irregular = 0 or region[r,c] >= 1;
param house{r in N, c in N} := if irregular then region[r,c]
    else ((r - 1) div R) * (n div C) + (c - 1) div C + 1;
check{b in N}: card(setof{r in N, c in N: house[r,c] = b} (r, c)) = n;

param M := n;

/* pairs of distinct cells (r1,c1) before (r2,c2) in row-major order that share a house */
set PAIRS := setof{r1 in N, c1 in N, r2 in N, c2 in N:
    (r1 < r2 or (r1 = r2 and c1 < c2))
    and (r1 = r2 or c1 = c2 or house[r1,c1] = house[r2,c2]
         or (diagonals = 1 and r1 = c1 and r2 = c2)
         or (diagonals = 1 and r1 + c1 = n + 1 and r2 + c2 = n + 1))} (r1, c1, r2, c2);

var v{r in N, c in N}, integer,
    >= if given[r,c] > 0 then given[r,c] else 1,
    <= if given[r,c] > 0 then given[r,c] else n;
var y{(r1, c1, r2, c2) in PAIRS}, binary;

s.t. ne1{(r1, c1, r2, c2) in PAIRS}: v[r1,c1] - v[r2,c2] + M * y[r1,c1,r2,c2] >= 1;
s.t. ne2{(r1, c1, r2, c2) in PAIRS}: v[r2,c2] - v[r1,c1] - M * y[r1,c1,r2,c2] >= 1 - M;

solve;

/* The grid, printed only when the values form a solution. */
param value{r in N, c in N} := round(v[r,c]);
param solved := if (forall{(r1, c1, r2, c2) in PAIRS} value[r1,c1] <> value[r2,c2])
    and (forall{r in N, c in N} value[r,c] >= 1 and value[r,c] <= n)
    then 1 else 0;
param w := if n > 9 then 2 else 1;
param boxed := if irregular then 0 else 1;

for {{0}: solved = 0} printf "NO SOLUTION: the givens admit no grid\n";
for {{0}: solved = 1} {
  printf "SOLUTION\n";
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
