/* variants.mod -- the binary model of sudoku.mod with variant rules, in GNU MathProg

   The houses and givens exactly as in sudoku.mod. Every variant rule of sudoku-ilp (killer
   cages, little killers, thermometers, arrows, kropki dots, XV, greater-than signs, parity,
   extra regions, windoku, anti-knight, anti-king, non-consecutive, disjoint groups, negative)
   arrives lowered to five kinds of rule instance, one set each, named by the rule instance's
   tag (cage3, cage3_sum, thermo2_step1, white4, ...), as the rows of the LP export are:

     value(r,c) = sum_v v * x[r,c,v]                         the digit in cell (r,c)
     group{g in GROUPS, v}: sum_{(r,c) in GROUP[g]} x[r,c,v] <= 1    all different
     linear{k in LINEAR}:   sum_{(r,c,a) in TERMS[k]} a * value(r,c)  (rel[k]) rhs[k]
                            (a cage or little-killer sum, an arrow, X/V, a thermometer step,
                            a greater-than sign)
     pair_a{k in PAIRS, u}: x[a,u] <= sum_{(u,w) in ALLOWED[k]} x[b,w]   allowed pairs of
     pair_b{k in PAIRS, w}: x[b,w] <= sum_{(u,w) in ALLOWED[k]} x[a,u]   values (support form:
                            kropki dots, non-consecutive and negative neighbours)
     allow{k in VALUES, v not in ALLOW[k]}: x[vr[k],vc[k],v] = 0          odd, even,
                            given pencil marks
     tuple_one{k in TUPLES}: sum_t y[k,t] = 1                  allowed tuples of a few
     tuple_link{k, (i,r,c) in TCELL[k], v}:                    cells (between and lockout
         x[r,c,v] = sum{(t,i,v) in TROW[k]} y[k,t]             lines, quadruples): one
                                                               binary per allowed tuple

     sightlines{s in SIGHTS}: an outside clue's measure along the row or column whose k-th
                            cell from the clue's side is (sr[s,k], sc[s,k]), with the binary
                            model's position indicators (docs/models.md, "Outside clues"):
                            'between' (sandwich), 'prefix' (X-sum), 'visible' (skyscraper)

   Sets per primitive rather than per rule family: one model reads every rule type, and the
   data says which rule each instance came from by its name.

   Data: `sudoku-ilp export --format gmpl-data PUZZLE -o puzzle.dat` of a puzzle with rules.
   Solve: glpsol -m models/variants.mod -d puzzle.dat */

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

/* the variant rules, as the five primitives (comment at the top) */
set GROUPS default {};
set GROUP{GROUPS} dimen 2;
set LINEAR default {};
param rel{LINEAR}, symbolic, in {'<=', '=', '>='};
param rhs{LINEAR};
set TERMS{LINEAR} dimen 3;              /* (r, c, a): coefficient a on value(r,c) */
set PAIRS default {};
param ar{PAIRS}, in N;  param ac{PAIRS}, in N;    /* cell a */
param br{PAIRS}, in N;  param bc{PAIRS}, in N;    /* cell b */
set ALLOWED{PAIRS} dimen 2, within N cross N;    /* allowed (value(a), value(b)) */
set VALUES default {};
param vr{VALUES}, in N;  param vc{VALUES}, in N;
set ALLOW{VALUES}, within N;
set TUPLES default {};
set TCELL{TUPLES} dimen 3;              /* (i, r, c): the i-th cell of the table is (r,c) */
set TROW{TUPLES} dimen 3;               /* (t, i, v): allowed tuple t gives the i-th cell v */
set TIDS{k in TUPLES} := setof{(t,i,v) in TROW[k]} t;
var y{k in TUPLES, t in TIDS[k]}, binary;

s.t. group{g in GROUPS, v in N}: sum{(r,c) in GROUP[g]} x[r,c,v] <= 1;
s.t. linear_eq{k in LINEAR: rel[k] = '='}:
    sum{(r,c,a) in TERMS[k]} a * sum{v in N} v * x[r,c,v] = rhs[k];
s.t. linear_le{k in LINEAR: rel[k] = '<='}:
    sum{(r,c,a) in TERMS[k]} a * sum{v in N} v * x[r,c,v] <= rhs[k];
s.t. linear_ge{k in LINEAR: rel[k] = '>='}:
    sum{(r,c,a) in TERMS[k]} a * sum{v in N} v * x[r,c,v] >= rhs[k];
s.t. pair_a{k in PAIRS, u in N}:
    x[ar[k],ac[k],u] <= sum{(u2,w) in ALLOWED[k]: u2 = u} x[br[k],bc[k],w];
s.t. pair_b{k in PAIRS, w in N}:
    x[br[k],bc[k],w] <= sum{(u,w2) in ALLOWED[k]: w2 = w} x[ar[k],ac[k],u];
s.t. allow{k in VALUES, v in N diff ALLOW[k]}: x[vr[k],vc[k],v] = 0;
s.t. tuple_one{k in TUPLES}: sum{t in TIDS[k]} y[k,t] = 1;
s.t. tuple_link{k in TUPLES, (i,r,c) in TCELL[k], v in N}:
    x[r,c,v] = sum{(t,i2,v2) in TROW[k]: i2 = i and v2 = v} y[k,t];

/* sightlines (outside clues) */
set SIGHTS default {};
param skind{SIGHTS}, symbolic, in {'between', 'prefix', 'visible'};
param slow{SIGHTS}, integer, default 0;
param shigh{SIGHTS}, integer, default 0;
param svalue{SIGHTS}, integer;
param sr{SIGHTS, N}, in N;
param sc{SIGHTS, N}, in N;
set BETWEEN := setof{s in SIGHTS: skind[s] = 'between'} s;
set PREFIX := setof{s in SIGHTS: skind[s] = 'prefix'} s;
set VISIBLE := setof{s in SIGHTS: skind[s] = 'visible'} s;
/* between: sb[s,k] = cell k lies strictly between the cells holding slow and shigh */
var sb{BETWEEN, N}, binary;
var sq{BETWEEN, N, N}, binary;                  /* sq[s,k,v] = sb[s,k] * x(cell k, v) */
s.t. sb1{s in BETWEEN, k in N}: sb[s,k] >=
    sum{i in N: i < k} (x[sr[s,i],sc[s,i],slow[s]] - x[sr[s,i],sc[s,i],shigh[s]])
    - x[sr[s,k],sc[s,k],slow[s]] - x[sr[s,k],sc[s,k],shigh[s]];
s.t. sb2{s in BETWEEN, k in N}: sb[s,k] >=
    sum{i in N: i < k} (x[sr[s,i],sc[s,i],shigh[s]] - x[sr[s,i],sc[s,i],slow[s]])
    - x[sr[s,k],sc[s,k],slow[s]] - x[sr[s,k],sc[s,k],shigh[s]];
s.t. sb3{s in BETWEEN, k in N}: sb[s,k] <=
    sum{i in N: i < k} (x[sr[s,i],sc[s,i],slow[s]] + x[sr[s,i],sc[s,i],shigh[s]]);
s.t. sb4{s in BETWEEN, k in N}: sb[s,k] <=
    2 - sum{i in N: i < k} (x[sr[s,i],sc[s,i],slow[s]] + x[sr[s,i],sc[s,i],shigh[s]]);
s.t. sb5{s in BETWEEN, k in N}:
    sb[s,k] <= 1 - x[sr[s,k],sc[s,k],slow[s]] - x[sr[s,k],sc[s,k],shigh[s]];
s.t. sq_x{s in BETWEEN, k in N, v in N}: sq[s,k,v] <= x[sr[s,k],sc[s,k],v];
s.t. sq_b{s in BETWEEN, k in N}: sum{v in N} sq[s,k,v] = sb[s,k];
s.t. between_sum{s in BETWEEN}: sum{k in N, v in N} v * sq[s,k,v] = svalue[s];
/* prefix: cell k >= 2 counts when the first cell holds k or more; sp = that * x(cell k, v) */
var sp{PREFIX, k in N, N: k >= 2}, binary;
s.t. sp_x{s in PREFIX, k in N, v in N: k >= 2}: sp[s,k,v] <= x[sr[s,k],sc[s,k],v];
s.t. sp_w{s in PREFIX, k in N: k >= 2}:
    sum{v in N} sp[s,k,v] = sum{f in N: f >= k} x[sr[s,1],sc[s,1],f];
s.t. prefix_sum{s in PREFIX}: sum{v in N} v * x[sr[s,1],sc[s,1],v]
    + sum{k in N, v in N: k >= 2} v * sp[s,k,v] = svalue[s];
/* visible: ss[s,k,v] = cell k >= 2 holds v and every cell before it is smaller */
var ss{VISIBLE, k in N, v in N: k >= 2 and v >= k}, binary;
s.t. ss_x{s in VISIBLE, k in N, v in N: k >= 2 and v >= k}: ss[s,k,v] <= x[sr[s,k],sc[s,k],v];
s.t. ss_i{s in VISIBLE, k in N, v in N, i in N: k >= 2 and v >= k and i < k}:
    ss[s,k,v] + sum{w in N: w > v} x[sr[s,i],sc[s,i],w] <= 1;
s.t. ss_on{s in VISIBLE, k in N, v in N: k >= 2 and v >= k}: ss[s,k,v] >=
    x[sr[s,k],sc[s,k],v] - sum{i in N, w in N: i < k and w > v} x[sr[s,i],sc[s,i],w];
s.t. visible_count{s in VISIBLE}:
    1 + sum{k in N, v in N: k >= 2 and v >= k} ss[s,k,v] = svalue[s];

solve;

/* The grid: glpsol stops at `solve;` when it proves there is no solution; the check guards the
   other endings (a time limit), where the values need not form a grid. */
param value{r in N, c in N} := sum{v in N} v * round(x[r,c,v]);
param solved := if forall{r in N, c in N} sum{v in N} round(x[r,c,v]) = 1 then 1 else 0;
param w := if n > 9 then 2 else 1;      /* digits per cell */

for {{0}: solved = 0} printf "NO SOLUTION: the givens and rules admit no grid\n";
for {{0}: solved = 1} {
  printf "SOLUTION\n";
  for {r in N} {
    for {c in N} printf (if w = 2 then "%2d " else "%d "), value[r,c];
    printf "\n";
  }
}

end;
