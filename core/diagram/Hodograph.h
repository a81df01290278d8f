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
    std::string label;   // "g_c", "g_l", "g_r", "stick", "g_0"
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
};

}  // namespace impactlab
