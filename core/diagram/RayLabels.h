#pragma once
// Where the polar angles of invariant rays (Jia & Wang Figs. 4-8) are written
// in the hodograph plane: near where each ray leaves the view box, beside the
// ray, and never on another ray's label. Labels of close rays (the rays of
// several friction coefficients overlaid, Fig. 4) would meet at the box's
// edge: a label that meets one already placed moves a label height across
// its ray, or slides inward along it step by step, until it is clear.
//
// Plain geometry in the hodograph's units (m/s); a label is modelled as a
// box centred above its anchor (as Qt draws a point's label), sized as a
// share of the view box's larger span.
#include <string>
#include <vector>

#include "diagram/Hodograph.h"

namespace impactlab {

struct RayLabelOptions {
    // Share of the way from the origin to the box edge of the first try: in
    // the padding beyond the data, where no point label competes.
    double alongShare = 0.93;
    // Offset beside the ray, on its upper side, as a share of the larger span.
    double offsetShare = 0.025;
    // A label's box as shares of the larger span: "213.5°" at 9 pt is about
    // 55 x 15 px, and the larger span is drawn 400-600 px long.
    double widthShare = 0.12;
    double heightShare = 0.035;
    // Each step inward is this share of the way to the box edge; after
    // maxSteps the label stays at its first place (nothing clear was found).
    double stepShare = 0.06;
    int maxSteps = 10;
};

struct RayLabel {
    std::string text;            // the polar angle, "213.5°" (UTF-8)
    Vec2 anchor = Vec2::Zero();  // the point the label is drawn above
    Vec2 min = Vec2::Zero(), max = Vec2::Zero();   // its box
    bool clear = true;           // false when no step found a place free of the others
};

// One label per ray, in the rays' order, clear of each other and of the
// labels in `avoid` (those of other rays drawn in the same view, placed
// earlier); `boxMin`, `boxMax` bound the view.
std::vector<RayLabel> placeRayLabels(const std::vector<InvariantRay>& rays, const Vec2& boxMin, const Vec2& boxMax,
                                     const std::vector<RayLabel>& avoid = {}, const RayLabelOptions& options = {});

// Whether two labels' boxes overlap (touching edges do not).
bool doRayLabelsOverlap(const RayLabel& a, const RayLabel& b);

}  // namespace impactlab
