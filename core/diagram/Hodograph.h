#pragma once
// Geometry of the Jia & Wang views (Figs. 4-8 and 5), with no drawing:
//  - the hodograph plane: the sliding velocity gamma = (v_t1, v_t2) along the
//    impact, the invariant-direction rays (centripetal / centrifugal) with the
//    sign of the change of sliding speed, the points g_c (end of compression),
//    g_l (invariant ray reached), g_r (end) and the stick point;
//  - a bundle of hodographs from unit initial sliding velocities (Fig. 6);
//  - the impulse curve in 3D impulse space with the plane of compression
//    n^T W I + v_n^- = 0 and the line of sticking (eq. 35) (Fig. 5);
//  - energy against normal impulse.
// Built by the core from a problem and a jia-wang trace; ui/ maps it to
// Qt Charts series and VTK actors.
#include <optional>
#include <string>
#include <vector>

#include "impact/ImpactProblem.h"
#include "impact/ImpactResult.h"
#include "impact/ImpactTrace.h"

namespace impactlab {

struct InvariantRay {
    Vec2 direction = Vec2::UnitX();   // unit s^ in the hodograph plane
    double angleDeg = 0.0;            // polar angle of s^
    double lambda = 0.0;              // s^.(-mu B s^ + d): < 0 shrinks |gamma|, > 0 grows it
    bool centrifugal = false;         // lambda > 0 (drawn red), else centripetal (blue)
};

struct HodographPoint {
    std::string label;   // "g_0", "g_c", "g_l", "stick" (or "g_s" where slip resumes), "g_r"
    Vec2 gamma = Vec2::Zero();
};

struct HodographDiagram {
    std::vector<Vec2> path;                 // gamma along the impact (m/s)
    std::vector<InvariantRay> rays;         // empty when every direction is invariant (Theorem 5(i))
    bool everyDirectionInvariant = false;
    std::vector<HodographPoint> points;
    std::string sequence;                   // "csr", "lcsr", ...
    Vec2 min = Vec2::Zero(), max = Vec2::Ones();   // suggested view box
};

struct HodographBundle {
    std::vector<std::vector<Vec2>> paths;   // one per initial unit sliding direction
    std::vector<InvariantRay> rays;
};

struct ImpulseCurve3D {
    std::vector<Vec3> points;               // I along the impact, contact frame
    std::optional<Vec3> compressionPoint, stickPoint, finalPoint;
    // Plane of compression n^T W I + v_n^- = 0 as a point and unit normal.
    Vec3 planePoint = Vec3::Zero(), planeNormal = Vec3::UnitZ();
    // Line of sticking (eq. 35): I = linePoint + s * lineDirection.
    Vec3 linePoint = Vec3::Zero(), lineDirection = Vec3::UnitZ();
};

struct EnergyCurve {
    std::vector<Vec2> kinetic;    // (I_n, kinetic energy) J
    std::vector<Vec2> potential;  // (I_n, Stronge's contact potential energy E) J, when the law tracks it
    std::vector<Vec2> tangential; // (I_n, the tangential spring's stored energy) J, a law with tangential compliance
};

// The hodograph plane of one impact: `path` is gamma = velocity.head<2>() of
// every trace sample (so its ends are the tangential parts of v- and v+),
// `rays` the invariant directions of (B, d, mu) (eq. 33), and the points
// g_0 = gamma^-, g_c, g_l, stick / g_s and g_r at the result's events, in
// that order. Works for any law's trace; the rays are the problem's own.
HodographDiagram makeHodographDiagram(const ImpactProblem& problem, const ImpactResult& result,
                                      const ImpactTrace& trace);

// Figs. 6 and 8: hodographs of the problem's W, mu, e and v_n^- from initial
// sliding velocities of magnitude `speed` (m/s; the paper uses unit ones) in
// `directions` evenly spaced directions plus one along each invariant ray, by
// increasing start angle. Each path is a jia-wang solve, so it runs to the end
// of the impact: into the origin if the contact sticks, out along the
// centrifugal ray if slip resumes.
HodographBundle makeHodographBundle(const ImpactProblem& problem, int directions = 16, double speed = 1.0);

// Fig. 5: the impulse path in the contact frame, its compression, stick (or
// resumed slip) and final points from the result's events, the plane of
// compression n^T W I + v_n^- = 0 (point: the projection of the final impulse
// onto it) and the line of sticking of eq. 35 (point: where I_n = 0).
ImpulseCurve3D makeImpulseCurve3D(const ImpactProblem& problem, const ImpactResult& result, const ImpactTrace& trace);

// Energy against I_n from a trace; `potential` is filled only when every
// sample carries Stronge's E (TraceSample::contactEnergy), `tangential` only
// when every sample carries the tangential spring's (tangentialEnergy).
EnergyCurve makeEnergyCurve(const ImpactTrace& trace);

}  // namespace impactlab
