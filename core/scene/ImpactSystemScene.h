#pragma once
// Single-impact scenes whose problem comes from a mechanical model of the
// core rather than from two posed solids: the maximum-dissipation paper's
// academic six-point-mass body (Preclik, Eibl & Ruede sec. 4.1, Fig. 6) and
// the Painleve rod (sec. 4.2, Fig. 8). Same format as every impact scene
// (kind "impact"), with a "system" object instead of "bodies":
//
//   system  {"type": "six-point-mass", [dx] 10, [dy] 1, [dz] 1, [mx] 0.03,
//            [my] 65, [mz] 50, [normal] (0.25, 0.36, -0.9),
//            [contact_velocity] (-0.06, -0.7, -0.23), [frame] "orthonormal" | "paper-literal"}
//           {"type": "painleve-rod", [theta0] pi/4, [v0] 1, [mass] 1, [length] 1}
//   contact {law, friction, [restitution] 0, [options]}
//
// Lengths m, masses kg, velocities m/s, angles rad. `"frame": "paper-literal"`
// builds the paper's unnormalised tangent frame t = n x e_x, o = n x t, the
// only construction that reproduces its Table 1 (reference notes C.4.1); the
// problem is then contact level. The bodies are drawn from the model (point
// masses on rods; a slender rod) beside a patch of the plane; the Painleve
// rod's world (n = e_y in the paper) is turned so the plane's normal is the
// app's up, z, for drawing only: the problem is the model's own.
#include <nlohmann/json.hpp>

#include "scene/ImpactScene.h"

namespace impactlab {

// Whether an impact-scene document describes a system scene (has "system").
bool isImpactSystemDocument(const nlohmann::json& document);
// Reads a system scene; throws InputError naming the field ("system.theta0").
ImpactScene parseImpactSystemScene(const nlohmann::json& document);

}  // namespace impactlab
