#pragma once
// A single-impact scene: two bodies touching at one point, with their shapes,
// masses, poses and velocities, the contact law and its coefficients, and the
// named parameters the UI turns into sliders. Scenes are data
// (scenes/impact-*.json, "format": "impactlab.scene/1", "kind": "impact";
// SceneDocument.h).
//
// Geometry. Each body is a uniform solid from a builder of core/geometry (or a
// fixed half-space) of a given mass. The contact point c and the normal n are
// given in the world frame; n points from body 2 into body 1 (the contract of
// docs/design.md), so body 1 lies on the +n side. Each body names a contact feature,
// a surface point p with outward normal m in its mesh frame; the body is posed
// so that p lands on c with m along -n (body 1) or +n (body 2):
//   R = Rot(n, turn) * (shortest rotation taking m onto -+n),  t = c - R p,
// and x_world = R x_mesh + t. `turn_about_normal` spins the body about the
// normal through c. The contact frame (t1, t2, n) is ContactFrame's choice for
// n. The loader does not check that the bodies do not overlap elsewhere.
//
// Velocities and angular velocities are world-frame vectors at the centre of
// mass. The problem is body level (TwoBodyContact + ImpactProblem::makeBodyLevel).
//
// Preset. Jia & Wang's Fig. 3 bodies cannot reproduce their W of eq. (13)
// (reference A2.2: the printed frames are incomplete), so a scene may give W
// and v^- at contact level instead, still drawing the bodies:
//   v^- = preset.v_minus + frame^T (v_rel(bodies) - v_rel(bodies at preset's velocities)),
// v_rel = V1 + w1 x r1 - V2 - w2 x r2, r_i = c - o_i of the drawn bodies. At
// the velocities the preset names, v^- is exactly preset.v_minus; a velocity
// slider shifts it by the drawn bodies' kinematics (as the paper's own
// variations of V1 do, reference A2.4). The problem is then contact level
// (no bodies: W is not theirs). Geometry parameters change only the drawing.
//
// Document (fields in [] are optional; lengths m, angles rad, velocities m/s
// and rad/s):
//   format, kind  "impactlab.scene/1", "impact" (or the legacy format
//                 "impactlab.impact-scene/1" without kind)
//   name, [description]
//   contact       point [0,0,0]; [normal_tilt] 0, [normal_azimuth] 0: n is +z
//                 tilted by normal_tilt towards the azimuth normal_azimuth
//                 (n = (sin t cos a, sin t sin a, cos t)); law (a registered
//                 law id); friction mu >= 0; restitution 0 <= e <= 1; [options]
//   bodies[2]     name, mesh {builder, ...}, mass (not for fixed bodies),
//                 [fixed] false, [contact_feature] (required unless the builder
//                 has its own), [turn_about_normal] 0, [velocity] 0,
//                 [angular_velocity] 0, [color] RGB in [0, 1]
//   [preset]      W (3x3, contact frame), v_minus, velocities[2], angular_velocities[2], [source]
//   [parameters]  as in Scene.h (id, label, unit, target JSON pointer, min, max,
//                 [step], [help], [kind] "number" | "choice" with choices)
// Builders and their contact features:
//   truncated-icosahedron  edge; feature {"type": "pentagon"} (default)
//   tetrahedron            vertices [4][3]; feature {"type": "vertex", "index", ["normal"]}
//   box                    size [3]; features "point"
//   sphere                 radius; feature {"type": "direction", "direction"}
//   bowling-ball           [radius] 0.108458, [holes] Jia-Wang's
//                          [{bottom_centre, axis, radius}]; feature "direction"
//   bowling-pin            [segments] 64; feature {"type": "surface", "height", ["azimuth"]}
//   surface-of-revolution  profile [[r, z]...], [segments] 64; feature "surface"
//   half-space             [size] 0.5 (half-width drawn); always fixed; feature: its plane (default)
// Every builder also takes {"type": "point", "point", "normal"} (mesh frame).
// Unknown keys are errors, so a misspelt key does not pass silently.
#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "geometry/Solid.h"
#include "impact/ImpactProblem.h"
#include "laws/LawComparison.h"
#include "scene/Scene.h"
#include "scene/SceneMeasurements.h"

namespace impactlab {

// The solid a body's "mesh" object builds, with what its contact features
// need (defined in ImpactScene.cpp).
struct ImpactSceneShape;

struct ImpactSceneBody {
    std::string name;
    std::string builder;                 // "truncated-icosahedron", ..., "half-space"
    geometry::TriangleMesh mesh;         // mesh frame
    Mat3 meshRotation = Mat3::Identity();  // x_world = meshRotation x_mesh + meshTranslation
    Vec3 meshTranslation = Vec3::Zero();
    geometry::SurfacePoint feature;      // the contact feature, mesh frame
    RigidBody body;                      // world: centre of mass, principal axes, velocities
    Vec3 color = Vec3(0.8, 0.5, 0.2);    // RGB in [0, 1]
    // The built solid and the "mesh" object it was built from: an edit that
    // leaves the mesh as it was reuses it instead of building it again (a
    // drilled bowling ball takes ~20 ms), see withParameter.
    std::shared_ptr<const ImpactSceneShape> shape;
    nlohmann::json shapeSource;
};

struct ImpactPreset {
    Mat3 W = Mat3::Identity();                   // contact frame, as printed (symmetrised by the problem)
    Vec3 vMinus = Vec3::Zero();                  // contact frame
    std::array<Vec3, 2> velocities{Vec3::Zero(), Vec3::Zero()};         // world, at which vMinus holds
    std::array<Vec3, 2> angularVelocities{Vec3::Zero(), Vec3::Zero()};  // world
    std::string source;
};

struct ImpactScene {
    std::string name;
    std::string description;
    std::string reference;   // the paper, sections and figures the scene reproduces
    std::string law = "stronge";
    nlohmann::json lawOptions = nlohmann::json::object();
    std::array<ImpactSceneBody, 2> bodies;
    TwoBodyContact contact;              // the posed bodies, c and the contact frame
    std::optional<ImpactPreset> preset;
    ImpactProblem problem;               // body level, or contact level from the preset
    std::vector<SceneParameter> parameters;
    // Lines the model adds for the reader (mu*(theta0) of the Painleve rod).
    std::vector<std::string> notes;
    // Measured data the scene carries (SceneMeasurements.h), read with its parameters.
    std::vector<MeasurementSeries> measurements;
    nlohmann::json document;             // the source, for parameter edits and saving

    const SceneParameter* findParameter(const std::string& id) const;
};

// Reads an impact scene. Throws InputError naming the field
// ("bodies[1].mesh.edge", "preset.W") for anything malformed or out of range,
// and for bodies that do not approach at the contact.
ImpactScene parseImpactScene(const nlohmann::json& document);
// The same, reusing the solids of `previous` whose "mesh" objects are
// unchanged (the result is the same as without it).
ImpactScene parseImpactScene(const nlohmann::json& document, const ImpactScene& previous);
// Reads an impact scene file; InputError("<path>") when unreadable or not JSON.
ImpactScene loadImpactScene(const std::string& path);

// A copy with a numeric parameter set (clamped to its range) or a choice set
// (one of its choices); the document is read again. Throws InputError.
ImpactScene withParameter(const ImpactScene& scene, const std::string& id, double value);
ImpactScene withChoice(const ImpactScene& scene, const std::string& id, const std::string& choice);

// The laws the scene is solved with: its own law with its options, then
// every compared law ("compare") with its options from contact.options.
std::vector<LawChoice> listSceneLaws(const ImpactScene& scene);


}  // namespace impactlab
