// The thin binding between the library (Rust compiled to WebAssembly) and the `highs` npm
// package (HiGHS 1.15 compiled to WebAssembly). It only moves numbers: every model, bound,
// cut and branch-and-bound decision is made in Rust (crates/core, trait `LabLp`); this file
// calls HiGHS's C API through the package's `raw` model API (the C API with pointers replaced
// by typed arrays), keeps the models in a table by integer id, and frees each one
// (`Highs_destroy`) when Rust drops it.
//
// It defines one global, `sudoku_ilp_highs`, before the wasm-bindgen output is loaded (works
// with `wasm-bindgen --target no-modules`, in a page, a Worker and node).
(function (global) {
  "use strict";
  let highs = null; // the resolved emscripten module of the `highs` package
  const models = new Map(); // id -> raw model
  let nextId = 1;
  let created = 0;

  function need() {
    if (highs === null) {
      throw new Error("HiGHS is not loaded (set_highs was not called)");
    }
    return highs;
  }
  function model(id) {
    const m = models.get(id);
    if (m === undefined) throw new Error("HiGHS model " + id + " does not exist");
    return m;
  }
  function ok(result, what) {
    // -1 is kHighsStatusError; 0 ok, 1 warning.
    if (result.status === -1) throw new Error("HiGHS could not " + what);
    return result.value;
  }
  function range(n) {
    return { kind: "range", from: 0, to: n - 1 };
  }

  const api = {
    set(module) {
      if (!module || !module.raw || typeof module.raw.createModel !== "function") {
        throw new Error("set_highs: not the highs package's module (no raw.createModel)");
      }
      highs = module;
    },
    loaded() {
      return highs !== null;
    },
    // Creates a model: columns with costs and bounds, rows as CSR, integrality (empty: LP).
    create(sense, offset, colCost, colLower, colUpper, rowLower, rowUpper, starts, indices, values, integrality) {
      const h = need();
      const m = h.raw.createModel();
      try {
        ok(m.setOptionValue("output_flag", false), "set output_flag");
        const data = {
          numCols: colCost.length,
          numRows: rowLower.length,
          sense: sense,
          offset: offset,
          colCost: colCost,
          colLower: colLower,
          colUpper: colUpper,
          rowLower: rowLower,
          rowUpper: rowUpper,
          matrix: {
            format: "csr",
            numRows: rowLower.length,
            numCols: colCost.length,
            starts: starts,
            indices: indices,
            values: values,
          },
        };
        if (integrality.length > 0) data.integrality = integrality;
        ok(m.passModel(data), "pass the model");
      } catch (e) {
        m.dispose();
        throw e;
      }
      const id = nextId++;
      models.set(id, m);
      created++;
      return id;
    },
    destroy(id) {
      const m = models.get(id);
      if (m !== undefined) {
        models.delete(id);
        m.dispose();
      }
    },
    // Models alive and created so far (the soak test checks that none leak).
    live() {
      return models.size;
    },
    created() {
      return created;
    },
    set_option(id, name, value) {
      ok(model(id).setOptionValue(name, value), "set option " + name);
    },
    col_bounds(id, col, lower, upper) {
      ok(model(id).changeColBounds(col, lower, upper), "change column bounds");
    },
    row_bounds(id, row, lower, upper) {
      ok(model(id).changeRowBounds(row, lower, upper), "change row bounds");
    },
    add_row(id, lower, upper, indices, values) {
      ok(model(id).addRow(lower, upper, { indices: indices, values: values }), "add a row");
    },
    // Replaces the objective: sense 1 minimise, -1 maximise; one cost per column.
    objective(id, sense, costs) {
      const m = model(id);
      ok(m.changeObjectiveSense(sense), "change the objective sense");
      ok(m.changeObjectiveOffset(0), "change the objective offset");
      if (costs.length > 0) ok(m.changeColsCost(range(costs.length), costs), "change costs");
    },
    // Every column integer (on) or continuous (off).
    integrality(id, columns, on) {
      const m = model(id);
      if (on) {
        const types = new Int32Array(columns).fill(1);
        ok(m.changeColsIntegrality(range(columns), types), "set integrality");
      } else {
        ok(m.clearIntegrality(), "clear integrality");
      }
    },
    // Runs HiGHS; the model status as a word: optimal, infeasible, time_limit or other.
    run(id) {
      const m = model(id);
      const h = need();
      // A run that fails (status -1) also leaves an error model status, read below.
      m.run();
      const s = m.getModelStatus();
      const c = h.constants.modelStatus;
      if (s === c.optimal || s === c.objectiveBound || s === c.objectiveTarget) return "optimal";
      if (s === c.infeasible || s === c.unboundedOrInfeasible) return "infeasible";
      if (s === c.timeLimit || s === c.interrupted) return "time_limit";
      return "other:" + s;
    },
    objective_value(id) {
      return model(id).getObjectiveValue();
    },
    run_time(id) {
      return model(id).getRunTime();
    },
    // An info value as a number (64-bit counters come as BigInt).
    info(id, name) {
      const v = ok(model(id).getInfoValue(name), "read " + name);
      return Number(v);
    },
    // colValue ++ colDual ++ rowValue ++ rowDual of the last run.
    solution(id) {
      const s = ok(model(id).getSolution(), "read the solution");
      const nc = s.colValue.length;
      const nr = s.rowValue.length;
      const out = new Float64Array(2 * nc + 2 * nr);
      out.set(s.colValue, 0);
      out.set(s.colDual, nc);
      out.set(s.rowValue, 2 * nc);
      out.set(s.rowDual, 2 * nc + nr);
      return out;
    },
    // colStatus ++ rowStatus (HiGHS's codes: 0 lower, 1 basic, 2 upper, 3 zero, 4 nonbasic).
    basis(id) {
      const b = ok(model(id).getBasis(), "read the basis");
      const out = new Int32Array(b.colStatus.length + b.rowStatus.length);
      out.set(b.colStatus, 0);
      out.set(b.rowStatus, b.colStatus.length);
      return out;
    },
    // Sets the basis to start the next run from (HiGHS's codes, as `basis` reads them).
    set_basis(id, cols, rows) {
      ok(model(id).setBasis({ colStatus: cols, rowStatus: rows }), "set the basis");
    },
    // The basic variable of each basis position: column j ≥ 0, row i as −1 − i.
    basic_variables(id) {
      return ok(model(id).getBasicVariables(), "read the basic variables");
    },
    reduced_row(id, position) {
      return ok(model(id).getReducedRow(position), "read a tableau row").values;
    },
    inverse_row(id, position) {
      return ok(model(id).getBasisInverseRow(position), "read a basis-inverse row").values;
    },
  };
  global.sudoku_ilp_highs = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
