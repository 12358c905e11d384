/* recallbench HTML report: the answers table (filters, sorting, a virtual list) and its detail
   panel, and the heatmap's view switch. Vanilla JS, inlined into the page; reads the question data
   from the JSON data block #rb-data. Text is only ever set through
   textContent, so nothing in an answer can become markup. */
(function () {
  "use strict";
  /* The block holds a JSON string: the data's JSON deflated and base64-encoded (a page written
     before issue 35.9 holds the JSON itself). */
  var block = JSON.parse(document.getElementById("rb-data").textContent);
  if (typeof block !== "string") { start(block); return; }
  if (typeof DecompressionStream === "undefined") {
    var warn = document.getElementById("rb-count");
    if (warn) warn.textContent = "This browser cannot inflate the answers (it has no DecompressionStream): open the report in a current Chrome, Firefox or Safari.";
    return;
  }
  var bin = atob(block), bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")))
    .text().then(function (text) { start(JSON.parse(text)); });

  function start(D) {
    var S = D.strings, QA = D.qas, R = D.rows, DET = D.details;
    var F = {};
    D.fields.forEach(function (name, i) { F[name] = i; });
    var ROW_H = 30;
    var nf = new Intl.NumberFormat("en-US");

    function $(id) { return document.getElementById(id); }
    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text !== undefined && text !== null) e.textContent = String(text);
      return e;
    }
    function ramp(t) {
      var stops = D.ramp;
      t = Math.min(1, Math.max(0, t));
      var lo = t < 0.5 ? stops[0] : stops[1], hi = t < 0.5 ? stops[1] : stops[2];
      var u = t < 0.5 ? t / 0.5 : (t - 0.5) / 0.5;
      return "rgb(" + [0, 1, 2].map(function (k) { return Math.floor(lo[k] + (hi[k] - lo[k]) * u + 0.5); }).join(",") + ")";
    }
    function scoreColour(score) { return ramp(score / 6); }
    function fixed(x, d) { return x === null || x === undefined ? "–" : Number(x).toFixed(d); }
    function pct(x) { return x === null || x === undefined ? "–" : (x * 100).toFixed(0) + "%"; }

    /* --- filters --------------------------------------------------------------------------- */
    var lower = new Array(S.length);
    function low(i) { var v = lower[i]; if (v === undefined) { v = lower[i] = S[i].toLowerCase(); } return v; }
    var qaIdLower = QA.map(function (q) { return q[1].toLowerCase(); });

    function fill(select, labels) {
      labels.forEach(function (label, i) {
        var o = el("option", null, label);
        o.value = String(i);
        select.appendChild(o);
      });
    }
    fill($("f-persona"), D.personas);
    fill($("f-category"), D.categories);
    fill($("f-checkpoint"), D.checkpoints.map(function (c) { return c.label; }));
    fill($("f-difficulty"), D.difficulties);
    var CLASSES = D.classes || [];
    if ($("f-class")) fill($("f-class"), CLASSES.map(function (c) { return c[1]; }));

    function num(id, fallback) {
      var v = parseFloat($(id).value);
      return isNaN(v) ? fallback : v;
    }

    var view = [];
    var sortKey = null, sortDesc = false;
    var selected = -1;

    function filtered() {
      var p = +$("f-persona").value, cat = +$("f-category").value, cp = +$("f-checkpoint").value;
      var diff = +$("f-difficulty").value, hall = $("f-hallucinated").value, status = $("f-status").value;
      var klass = $("f-class") && F.attribution !== undefined ? +$("f-class").value : -1;
      var lo = num("f-min", 0), hi = num("f-max", 6);
      var scoreActive = lo > 0 || hi < 6;
      var text = $("f-text").value.trim().toLowerCase();
      var out = [];
      for (var i = 0; i < R.length; i++) {
        var r = R[i], q = QA[r[F.qa]];
        if (p >= 0 && q[0] !== p) continue;
        if (cat >= 0 && q[4] !== cat) continue;
        if (cp >= 0 && r[F.checkpoint] !== cp) continue;
        if (diff >= 0 && q[5] !== diff) continue;
        if (klass >= 0 && r[F.attribution] !== klass) continue;
        var h = r[F.hallucination];
        if (hall === "yes" && h !== 0) continue;
        if (hall === "no" && h !== 1) continue;
        if (scoreActive) {
          var c = r[F.composite];
          if (c === null || c < lo || c > hi) continue;
        }
        if (status !== "any") {
          var err = r[F.error];
          // A failed answer: the memory system gave none, whatever it raised (query or connection).
          var failed = err && (S[err[0]] === "query" || S[err[0]] === "connection");
          if (status === "adapter-error" && !failed) continue;
          if (status === "unscored" && !(r[F.unscored] && !failed)) continue;
          if (status === "appealed" && !r[F.primary]) continue;
          if (status === "ok" && (err || r[F.unscored])) continue;
        }
        if (text && qaIdLower[r[F.qa]].indexOf(text) < 0 && low(q[2]).indexOf(text) < 0 &&
            low(q[3]).indexOf(text) < 0 && low(r[F.answer]).indexOf(text) < 0) continue;
        out.push(i);
      }
      return out;
    }

    var SORTS = {
      persona: function (i) { return QA[R[i][F.qa]][0]; },
      checkpoint: function (i) { return R[i][F.checkpoint]; },
      category: function (i) { return QA[R[i][F.qa]][4]; },
      question: function (i) { return low(QA[R[i][F.qa]][2]); },
      answer: function (i) { return low(R[i][F.answer]); },
      correctness: function (i) { return R[i][F.correctness]; },
      completeness: function (i) { return R[i][F.completeness]; },
      hallucination: function (i) { var h = R[i][F.hallucination]; return h === null ? -1 : h; },
      composite: function (i) { var c = R[i][F.composite]; return c === null ? -1 : c; },
      latency: function (i) { return R[i][F.latencyMs]; }
    };

    function sortView() {
      if (!sortKey) return;
      var key = SORTS[sortKey], dir = sortDesc ? -1 : 1;
      var keys = new Map();
      view.forEach(function (i) { keys.set(i, key(i)); });
      view.sort(function (a, b) {
        var ka = keys.get(a), kb = keys.get(b);
        if (ka < kb) return -dir;
        if (ka > kb) return dir;
        return a - b;
      });
    }

    function summary(rows) {
      var n = 0, sum = 0, hallucinated = 0;
      for (var k = 0; k < rows.length; k++) {
        var r = R[rows[k]];
        if (r[F.composite] === null) continue;
        n++; sum += r[F.composite];
        if (r[F.hallucination] === 0) hallucinated++;
      }
      if (!n) return "no scored answers";
      return "mean composite " + (sum / n).toFixed(2) + "/6 (" + (sum / n / 6 * 100).toFixed(1) +
        "%) · " + (hallucinated / n * 100).toFixed(1) + "% hallucinated";
    }

    function refresh() {
      view = filtered();
      sortView();
      $("rb-count").textContent = nf.format(view.length) + " of " + nf.format(R.length) + " answers";
      $("rb-stats").textContent = summary(view);
      $("rb-spacer").style.height = (view.length * ROW_H) + "px";
      $("rb-viewport").scrollTop = 0;
      $("rb-empty").hidden = view.length > 0;
      renderRows();
    }

    /* --- the virtual list ------------------------------------------------------------------ */
    var viewport = $("rb-viewport"), spacer = $("rb-spacer");
    function renderRows() {
      var top = viewport.scrollTop;
      var start = Math.max(0, Math.floor(top / ROW_H) - 8);
      var end = Math.min(view.length, start + Math.ceil((viewport.clientHeight || 600) / ROW_H) + 16);
      var frag = document.createDocumentFragment();
      for (var k = start; k < end; k++) {
        var i = view[k], r = R[i], q = QA[r[F.qa]];
        var row = el("div", "rb-row" + (i === selected ? " sel" : ""));
        row.style.top = (k * ROW_H) + "px";
        row.dataset.i = String(i);
        row.dataset.k = String(k);
        row.appendChild(el("span", null, D.personas[q[0]]));
        row.appendChild(el("span", null, D.checkpoints[r[F.checkpoint]].label +
          (F.epoch !== undefined ? " · e" + r[F.epoch] : "")));
        row.appendChild(el("span", null, D.categories[q[4]]));
        var qs = el("span", null, S[q[2]]);
        qs.title = S[q[2]];
        row.appendChild(qs);
        var err = r[F.error];
        var ans = el("span", err ? "err" : null, err ? S[err[1]] + ": " + S[r[F.answer]] : S[r[F.answer]]);
        row.appendChild(ans);
        row.appendChild(el("span", "sc", r[F.correctness]));
        row.appendChild(el("span", "sc", r[F.completeness]));
        var h = r[F.hallucination];
        row.appendChild(el("span", "sc" + (h === 0 ? " h0" : ""), h === null ? "–" : h));
        var cs = el("span", "sc");
        var c = r[F.composite];
        var e = r[F.error];
        var noAnswer = e && (S[e[0]] === "query" || S[e[0]] === "connection");
        var pill = el("span", "pill", noAnswer ? "failed" : c === null ? "unscored" : fixed(c, c % 1 ? 2 : 0) + "/6");
        pill.style.background = noAnswer ? "rgb(128,72,176)" : c === null ? "#5a5f6e" : scoreColour(c);
        cs.appendChild(pill);
        row.appendChild(cs);
        row.appendChild(el("span", "sc", fixed(r[F.latencyMs], r[F.latencyMs] < 100 ? 1 : 0) + " ms"));
        frag.appendChild(row);
      }
      spacer.textContent = "";
      spacer.appendChild(frag);
    }
    var pending = false;
    viewport.addEventListener("scroll", function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () { pending = false; renderRows(); });
    });
    spacer.addEventListener("click", function (e) {
      var row = e.target.closest(".rb-row");
      if (row) openDetail(+row.dataset.i);
    });

    document.querySelectorAll(".rb-cols > div").forEach(function (head) {
      head.addEventListener("click", function () {
        var key = head.dataset.sort;
        if (sortKey === key) sortDesc = !sortDesc; else { sortKey = key; sortDesc = false; }
        document.querySelectorAll(".rb-cols > div").forEach(function (h) { h.classList.remove("sorted", "desc"); });
        head.classList.add("sorted");
        if (sortDesc) head.classList.add("desc");
        refresh();
      });
    });

    var debounce = null;
    ["f-persona", "f-category", "f-checkpoint", "f-difficulty", "f-hallucinated", "f-status", "f-class"].forEach(function (id) {
      if ($(id)) $(id).addEventListener("change", refresh);
    });
    ["f-min", "f-max", "f-text"].forEach(function (id) {
      $(id).addEventListener("input", function () {
        clearTimeout(debounce);
        debounce = setTimeout(refresh, 120);
      });
    });
    $("f-reset").addEventListener("click", function () {
      ["f-persona", "f-category", "f-checkpoint", "f-difficulty", "f-class"].forEach(function (id) { if ($(id)) $(id).value = "-1"; });
      $("f-hallucinated").value = "any";
      $("f-status").value = "any";
      $("f-min").value = "0";
      $("f-max").value = "6";
      $("f-text").value = "";
      refresh();
    });

    /* --- the detail panel ------------------------------------------------------------------ */
    var byQa = null;
    function historyOf(qaIndex) {
      if (!byQa) {
        byQa = new Map();
        for (var i = 0; i < R.length; i++) {
          var k = R[i][F.qa];
          var list = byQa.get(k);
          if (!list) byQa.set(k, list = []);
          list.push(i);
        }
      }
      return (byQa.get(qaIndex) || []).slice().sort(function (a, b) { return R[a][F.checkpoint] - R[b][F.checkpoint]; });
    }

    function section(parent, title) {
      parent.appendChild(el("h3", null, title));
    }
    function textBlock(parent, text, cls) {
      parent.appendChild(el("div", "text" + (cls ? " " + cls : ""), text));
    }
    function scoreBoxes(parent, c, k, h, composite) {
      var box = el("div", "scores");
      [["correctness", c, "/3"], ["completeness", k, "/2"],
       ["hallucination", h === null ? "–" : h === 1 ? "1 grounded" : "0 hallucinated", ""],
       ["composite", composite === null ? "unscored" : fixed(composite, composite % 1 ? 2 : 0), composite === null ? "" : "/6"]
      ].forEach(function (s) {
        var d = el("div");
        d.appendChild(el("span", "muted", s[0] + " "));
        d.appendChild(el("b", null, s[1]));
        d.appendChild(document.createTextNode(s[2]));
        box.appendChild(d);
      });
      parent.appendChild(box);
    }

    function openDetail(i) {
      selected = i;
      var r = R[i], q = QA[r[F.qa]], panel = $("rb-detail"), body = $("rb-detail-body");
      body.textContent = "";
      var cp = D.checkpoints[r[F.checkpoint]];
      body.appendChild(el("div", "muted", D.personas[q[0]] + " · checkpoint " + cp.label + " · " +
        D.categories[q[4]] + " · " + D.difficulties[q[5]] + " · " + q[1]));
      section(body, "Question");
      textBlock(body, S[q[2]], "q");
      section(body, "Reference answer");
      textBlock(body, S[q[3]]);
      section(body, "System answer");
      textBlock(body, S[r[F.answer]]);
      var why = r[F.error] ? S[r[F.error][0]] : null;
      section(body, why === "connection" ? "Scores (failed: the memory system could not be reached; left out of every mean)"
        : why === "query" ? "Scores (failed: the memory system gave no answer; counted as 1/6)"
        : r[F.unscored] ? "Scores (unscored: the judge failed, left out of every mean)" : "Scores");
      scoreBoxes(body, r[F.correctness], r[F.completeness], r[F.hallucination], r[F.composite]);
      if (r[F.reasoning] >= 0) {
        section(body, "Judge reasoning");
        textBlock(body, S[r[F.reasoning]]);
      }
      var prim = r[F.primary];
      if (prim) {
        section(body, "Primary judge's score (before the appellate review)");
        scoreBoxes(body, prim[0], prim[1], prim[2], prim[0] + prim[1] + prim[2]);
        if (prim[3] >= 0) textBlock(body, S[prim[3]]);
      }
      var kind = F.attribution !== undefined ? r[F.attribution] : -1;
      if (kind >= 0 && CLASSES[kind]) {
        section(body, "Attribution");
        var line = el("p");
        var tag = el("span", "pill", CLASSES[kind][1]);
        tag.style.background = CLASSES[kind][3];
        line.appendChild(tag);
        line.appendChild(document.createTextNode(" " + CLASSES[kind][2] +
          (r[F.attributionWhy] >= 0 ? " (" + S[r[F.attributionWhy]] + ")" : "")));
        body.appendChild(line);
      }
      var err = r[F.error];
      if (err) {
        section(body, "Error (" + S[err[0]] + ")");
        textBlock(body, S[err[1]] + ": " + S[err[2]]);
      }
      section(body, "Evidence");
      var relevant = q[6];
      body.appendChild(el("p", null, "Relevant days: " + relevant.join(", ") + " · latency " +
        fixed(r[F.latencyMs], 1) + " ms" + (F.epoch !== undefined ? " · epoch " + r[F.epoch] : "")));
      var ret = r[F.retrieval];
      if (ret) {
        body.appendChild(el("p", null, "Retrieval: recall@5 " + pct(ret[0]) + " · recall@10 " + pct(ret[1]) +
          " · nDCG@10 " + fixed(ret[2], 2) + " · MRR " + fixed(ret[3], 2)));
      }
      var det = r[F.detail] >= 0 ? DET[r[F.detail]] : null;
      if (det && det.memory !== undefined) {
        body.appendChild(el("p", "muted", det.memory ? "The judge was given the memory context." :
          "The judge was not given memory context."));
      }
      if (det && det.retrieval) {
        section(body, "Retrieved memories");
        var ol = el("ol", "ret");
        det.retrieval.forEach(function (e) {
          var hit = e[1] !== null && relevant.indexOf(e[1]) >= 0;
          var li = el("li", hit ? "hit" : null);
          li.appendChild(el("span", "mono", S[e[0]]));
          var meta = [];
          if (e[1] !== null) meta.push("day " + e[1] + (hit ? " (relevant)" : ""));
          if (e[2] !== null) meta.push("score " + e[2]);
          if (meta.length) li.appendChild(el("span", "muted", " · " + meta.join(" · ")));
          if (e[3] >= 0) li.appendChild(el("div", "snip", S[e[3]]));
          ol.appendChild(li);
        });
        body.appendChild(ol);
        if (det.more) body.appendChild(el("p", "muted", "… and " + det.more + " more"));
      } else if (!ret) {
        body.appendChild(el("p", "muted", "No retrieval entries were recorded for this answer."));
      }
      if (det && det.tools) {
        section(body, "Tool calls");
        var tl = el("ol", "ret");
        det.tools.forEach(function (t) {
          var li = el("li");
          li.appendChild(el("span", "mono", S[t[0]] + " " + S[t[1]]));
          if (t[2] >= 0) li.appendChild(el("div", "snip", S[t[2]]));
          tl.appendChild(li);
        });
        body.appendChild(tl);
      }
      var hist = historyOf(r[F.qa]);
      if (hist.length > 1) {
        section(body, "This question at every checkpoint (" + hist.length + ")");
        var hd = el("div", "hist");
        hist.forEach(function (j) {
          var rj = R[j], c = rj[F.composite];
          var s = el("span", j === i ? "cur" : null, D.checkpoints[rj[F.checkpoint]].label + " " + (c === null ? "–" : fixed(c, 0)));
          s.style.background = c === null ? "#5a5f6e" : scoreColour(c);
          s.title = "composite " + (c === null ? "unscored" : c + "/6") + (rj[F.hallucination] === 0 ? " · hallucinated" : "");
          s.addEventListener("click", function () { openDetail(j); });
          hd.appendChild(s);
        });
        body.appendChild(hd);
      }
      panel.hidden = false;
      panel.scrollTop = 0;
      renderRows();
    }
    function closeDetail() {
      $("rb-detail").hidden = true;
      selected = -1;
      renderRows();
    }
    $("rb-detail-close").addEventListener("click", closeDetail);
    document.addEventListener("keydown", function (e) {
      if ($("rb-detail").hidden) return;
      if (e.key === "Escape") { closeDetail(); return; }
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      var k = view.indexOf(selected);
      if (k < 0) return;
      k += e.key === "ArrowDown" ? 1 : -1;
      if (k < 0 || k >= view.length) return;
      e.preventDefault();
      var y = k * ROW_H;
      if (y < viewport.scrollTop || y + ROW_H > viewport.scrollTop + viewport.clientHeight) {
        viewport.scrollTop = y - viewport.clientHeight / 2;
      }
      openDetail(view[k]);
    });

    /* --- the heatmap: switch views, click a cell to list its answers ----------------------- */
    var heatSelect = $("rb-heat-view");
    if (heatSelect) {
      heatSelect.addEventListener("change", function () {
        document.querySelectorAll(".rb-heat-view").forEach(function (v) {
          v.hidden = v.dataset.view !== heatSelect.value;
        });
      });
    }
    var cpByLabel = new Map(D.checkpoints.map(function (c, i) { return [c.label, i]; }));
    document.querySelectorAll("table.rb-heat").forEach(function (table) {
      var columns = JSON.parse(table.dataset.columns);
      table.addEventListener("click", function (e) {
        var td = e.target.closest("td");
        if (!td || td.classList.contains("nd") || td.classList.contains("ne")) return;
        var tr = td.parentElement;
        var persona = D.personas.indexOf(table.dataset.persona);
        var cp = cpByLabel.get(columns[td.cellIndex - 1]);
        $("f-persona").value = String(persona);
        $("f-checkpoint").value = cp === undefined ? "-1" : String(cp);
        $("f-category").value = tr.dataset.kind === "category" ? String(D.categories.indexOf(tr.dataset.row)) : "-1";
        $("f-hallucinated").value = tr.dataset.kind === "hallucination" ? "yes" : "any";
        refresh();
        $("answers").scrollIntoView({ behavior: "smooth" });
      });
    });

    /* --- the attribution section: a click on a class lists its answers ------------------ */
    document.querySelectorAll("[data-attr-class]").forEach(function (link) {
      link.addEventListener("click", function (e) {
        e.preventDefault();
        $("f-reset").click();
        $("f-class").value = link.dataset.attrClass;
        if (link.dataset.attrCheckpoint !== undefined) {
          var at = cpByLabel.get(link.dataset.attrCheckpoint);
          $("f-checkpoint").value = at === undefined ? "-1" : String(at);
        }
        if (link.dataset.attrCategory !== undefined) {
          $("f-category").value = String(D.categories.indexOf(link.dataset.attrCategory));
        }
        refresh();
        $("answers").scrollIntoView({ behavior: "smooth" });
      });
    });

    /* --- links that list a question's answers (canary questions) ------------------------- */
    document.querySelectorAll("[data-find]").forEach(function (link) {
      link.addEventListener("click", function (e) {
        e.preventDefault();
        $("f-reset").click();
        $("f-text").value = link.dataset.find;
        refresh();
        $("answers").scrollIntoView({ behavior: "smooth" });
      });
    });

    refresh();
  }
})();
