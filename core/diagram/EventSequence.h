#pragma once
// Jia & Wang Fig. 9 for one impact: its event sequence as a chain
// 0 -> c / l / s -> ... -> r along the normal impulse I_n, with the stretches
// the law integrated numerically dashed and those it took in closed form
// (secs. 6.2-6.3) solid, as a Figure with no drawing.
//
// Events (JiaWang.h, calcEventSequence): l = the hodograph reaches an
// invariant ray (eq. 33), s = sliding stops (stick or resumed slip, sec. 5.2),
// c = end of compression, r = end of impact. The chain is drawn at height 0,
// each event a marker at its I_n. Where closed forms take over is read from
// the trace (ImpactTrace::closedFormFromNormalImpulse, set by jia-wang); for a
// law that does not say, every stretch is drawn solid and named plainly.
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// One link of the chain: from one node to the next along I_n.
struct SequenceStretch {
    std::string from, to;     // "0", "c", "l", "s", "r"
    double startIn = 0.0;     // N s
    double endIn = 0.0;       // N s
    bool integrated = false;  // numerically integrated (dashed), else closed form
};

// The stretches in order; a stretch that the hand-over point splits is two.
std::vector<SequenceStretch> calcSequenceStretches(const ImpactResult& result, const ImpactTrace& trace);

Figure makeEventSequenceFigure(const ImpactResult& result, const ImpactTrace& trace);

// The eight sequences an impact can take (Jia & Wang Fig. 9): c first (cr,
// csr, clr, clsr), s first (scr), l first (lcr, lscr, lcsr).
const std::vector<std::string>& listJiaWangEventSequences();

// Fig. 9 whole: the eight chains, row k (1 ... 8, in listJiaWangEventSequences'
// order, row 1 on top) at y = k on a downward y axis (Figure::yDownwards), each node at its place in the chain (x = 0, 1, 2, ...).
// A stretch is integrated numerically (dashed) up to the first l or s, where
// the hodograph reaches an invariant ray or the origin, and in closed form
// (solid) after it (Algorithm 1); a chain with neither (cr) is integrated to
// its end. The nodes of the chain `taken` (this impact's, if one of the
// eight) are highlighted and the legend names it.
Figure makeEventSequencesFigure(const std::string& taken);

}  // namespace impactlab
