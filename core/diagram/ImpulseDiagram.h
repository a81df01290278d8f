#pragma once
// Geometry of the impulse-space diagram of one contact (Cataldo & Sampaio
// Figs. 2.5, 3.21-3.23), with no drawing: the UI maps it to chart series.
//
// The diagram is the plane spanned by a tangent direction s (in the contact
// plane) and the normal n. Horizontal axis: I_t = I . s; vertical axis: I_n.
// s is the direction of the first path's total tangential impulse, or, when that
// is zero, the direction opposite to the initial sliding velocity, or t1.
// Paths that leave the plane (3D sliding that turns) are drawn projected.
//
// Lines, restricted to the plane (I = I_t s + I_n n):
//   friction lines     |I_t| = mu I_n
//   maximum compression  v_n = 0:        n^T W I + v_n^- = 0
//   Newton termination   v_n = -e v_n^-: n^T W I + (1 + e) v_n^- = 0
//   sticking line        s^T (v^- + W I) = 0 (tangential velocity along s vanishes)
//   reverse-sliding DR   (Cataldo & Sampaio sec. 3.7.2, Fig. 3.21): from the point
//                        I_n1 where the friction line opposing the initial slide
//                        (I_t = -sigma mu I_n, sigma = sign(v_s^-)) meets the
//                        sticking line, the mirrored friction line
//                        I_t = sigma mu (I_n - 2 I_n1); drawn only when the initial
//                        slide along s is nonzero (a direct impact has no DR)
//   Poisson termination  I_n = (1 + e) I_nc (sec. 2.5.1, B1.2), one per path with
//                        the normal impulse I_nc at that path's end of compression
//   energy ellipse       I . v^- + 1/2 I^T W I = 0 (no kinetic energy change)
// Each path is a law's trace, with its end-of-compression and final points and
// its energy change.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

// Reference lines named by the view that styles them: the line where
// Newton's restitution ends the impact, and the line of sticking.
inline constexpr const char* kNewtonTerminationLineId = "newton";
inline constexpr const char* kStickingLineId = "sticking";

struct DiagramPolyline {
    std::string id;       // "friction+", "friction-", "compression", "newton", "sticking",
                          // "reverse-sliding", "poisson:<model>", "energy-ellipse"
    std::string label;    // legend text
    std::vector<Vec2> points;  // (I_t, I_n) in N s
};

struct DiagramPath {
    std::string model;
    std::string label;               // legend text including the energy change
    std::vector<Vec2> points;        // (I_t, I_n) along the trace
    Vec2 compressionPoint = Vec2::Zero();
    Vec2 finalPoint = Vec2::Zero();
    double energyChange = 0.0;       // J, after - before
    bool gainsEnergy = false;        // flagged so the view can make it stand out
};

struct ImpulseDiagram {
    std::string xLabel = "tangential impulse I_t [N s]";
    std::string yLabel = "normal impulse I_n [N s]";
    Vec3 tangentDirection = Vec3::UnitX();   // s in the contact frame (z = 0)
    std::vector<DiagramPolyline> lines;
    std::vector<DiagramPath> paths;
    Vec2 min = Vec2::Zero();   // suggested view box (I_t, I_n)
    Vec2 max = Vec2::Ones();
};

struct LawOutcome {
    ImpactResult result;
    ImpactTrace trace;
};

struct ImpulseDiagramOptions {
    int ellipseSegments = 180;     // polyline resolution of the energy ellipse
    double marginFraction = 0.12;  // view box margin around the paths
    // The diagram's tangent direction s (unit, in the contact plane); unset:
    // chosen from the first path as above. A parameter overlay draws every
    // value in the plane of the scene's own value, so the paths compare.
    std::optional<Vec3> tangentDirection;
    // The view box (min, max) in (I_t, I_n), N s, that the lines are clipped
    // to; unset: around the paths as above. An overlay gives every value the
    // box of all, so a line no value changes is the same line in each.
    std::optional<std::pair<Vec2, Vec2>> viewBox;
};

ImpulseDiagram makeImpulseDiagram(const ImpactProblem& problem, const std::vector<LawOutcome>& outcomes,
                                  const ImpulseDiagramOptions& options = {});

// The impulse-space diagrams of a parameter overlay (scene/SceneOverlay.h)
// merged into one: each value's diagram computed in the same plane and box
// (ImpulseDiagramOptions::tangentDirection, viewBox), drawn together. Every path is
// kept in order (path i of a one-law diagram per value is value i, so the
// view's path colours are one per value) and named with its value
// ("Jia & Wang ... (friction = 0.3)"). A reference line that is the same for
// every value (same id and points: the compression line under a friction
// overlay) is kept once; one that differs is kept per value under the same
// id (the views style lines by id) and named with its value. The view box
// covers every value's; the admissible region, which differs with the lines,
// is left out when they differ.
//
// The id of a region the views fill as given ("admissible-region"), set
// empty when the values' regions differ.
inline constexpr const char* kOverlayNoRegionId = "admissible-region";

// `diagrams[i]` computed for the value labelled `labels[i]` (same size, at
// least one). Axes and tangent direction are the first diagram's.
ImpulseDiagram mergeOverlayImpulseDiagrams(const std::vector<ImpulseDiagram>& diagrams,
                                           const std::vector<std::string>& labels);

}  // namespace impactlab
