#pragma once
// The figures of a PLUS scene run (sim/PlusSceneRun.h) as data
// (diagram/Figure.h), the paper's figures and tables (Uchida, Sherman & Delp
// 2015; reference note B.3), so the views only draw:
//   - tangential velocity in the (v_x, v_y) plane per contact with the
//     v_transition circle (Figs. 8, 10),
//   - accumulated impulses against the contact's accumulated normal impulse
//     (Figs. 9, 12),
//   - penetration against time from the compliant model (Fig. 13),
//   - the COR curve with v_capture, v_plastic and each contact's approach
//     speed (Fig. 2),
//   - the geometry of one interval: its tangential-velocity segment, alpha_CP
//     and alpha_DC (Figs. 4, 5),
//   - the interval table and the rounds table (Table 2),
//   - Newton's cradle's time-lapse strip (Fig. 14): frames of the balls after
//     the impact, row A compliant, B PLUS sequential, C PLUS simultaneous.
// PLUS is dashed and the compliant model solid; stars mark the end of
// compression, triangles slide-to-roll, circles and squares the totals.
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "mechanics/Types.h"
#include "sim/PlusSceneRun.h"

namespace impactlab {

struct PlusFigures {
    Figure tangentialVelocity;
    Figure impulses;
    Figure penetration;
    Figure restitution;
    Figure intervalGeometry;
    Figure timeLapse;            // Newton's cradle only (Fig. 14); empty otherwise
    FigureTable intervals;
    FigureTable rounds;
};

// `selectedInterval` (1-based, 0: none) is highlighted in the trajectory and
// impulse figures; the interval geometry figure shows it for contact
// `selectedContact` (the first active sliding interval when 0 is given).
PlusFigures makePlusFigures(const PlusSceneRun& run, int selectedInterval = 0, int selectedContact = 0);

// The figures of a parameter overlay (diagram/FigureOverlay.h): `figures[i]`
// made from the run of the value labelled `labels[i]`, each figure merged
// (one series per quantity and value, coloured by value) and each table led
// by a column `valueHeader` naming the value.
PlusFigures mergeOverlayPlusFigures(const std::vector<PlusFigures>& figures, const std::vector<std::string>& labels,
                                    const std::string& valueHeader);

// Fig. 4/5 of one interval, for tests: the segment of the tangential velocity
// from its start to where the whole interval's impulse would take it, and the
// fractions alpha_CP (closest to the origin) and alpha_DC (direction turned by
// theta_max), each 1 when it does not bind.
struct IntervalGeometry {
    Vec2 start = Vec2::Zero();
    Vec2 fullEnd = Vec2::Zero();
    double alpha = 1.0;                     // taken
    double alphaCP = 1.0;
    double alphaDC = 1.0;
};
IntervalGeometry calcIntervalGeometry(const Vec2& start, const Vec2& end, double alpha, double thetaMax);

}  // namespace impactlab
