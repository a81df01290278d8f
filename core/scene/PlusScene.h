#pragma once
// Scenes of simultaneous multi-point impacts (Uchida, Sherman & Delp 2015,
// sec. 5; reference note B.2): the brick on one vertex (Example 1, Fig. 7),
// the brick landing on four vertices (Example 2, Fig. 11), Newton's cradle
// (Example 3, Fig. 14) and the triple pendulum striking the ground (Example 4,
// Fig. 15a), each at the instant of impact. The scene is data; the run (PLUS
// beside the compliant reference) is sim/PlusSceneRun.h, its figures'
// series diagram/PlusFigures.h.
//
// Document (fields in [] are optional; SI units, angles rad):
//   format    "impactlab.scene/1" with "kind": "plus" (or the legacy
//             format "impactlab.plus-scene/1" without kind)
//   name, [description]
//   example   {"type": "brick-on-vertex", [case] "0.325", [friction] 0.325,
//              [e_min] 0.373, [rotation_x] pi/4, [rotation_y] pi/6,
//              [velocity] (-5, 0, -5.74), [angular_velocity] 0}
//             {"type": "brick-on-four-vertices", [friction] 0.2, [e_min] 0.414,
//              [velocity] (-2, 0, -8.84), [angular_velocity] 0}
//             {"type": "newtons-cradle", [balls] 5, [restitution] 1,
//              [striker_speed] 2, [radius] 0.25, [mass] 1}
//             {"type": "triple-pendulum", [pose] "release" | "impact",
//              [release_theta] (pi/4, 3pi/4, 5pi/6), [release_rates] 0,
//              [release_angles] "absolute" | "relative",
//              [theta1] pi/6, [theta2] pi/4, [rates] (-3, -3, 0.5) rad/s,
//              [friction] 0.1, [restitution] 1}
//   [plus]      PLUS options as in docs/problem-format.md (theta_max, alpha_min,
//               v_transition, v_capture, v_plastic, impact_model, ...)
//   [compliant] {[stiffness] 10e9 Pa, [dissipation] per example (s/m),
//               [enabled] true}
//   [parameters] as in Scene.h
//
// Choices this reader makes where the paper is silent:
// - brick-on-vertex `case`: "0.125", "0.225" or "0.325" takes the paper's
//   pairing of friction and e_min (0.392, 0.387, 0.373; reference B.2.2, in
//   list order, B.4.4) and overrides `friction` and `e_min`; "custom" uses
//   them. The rotations are body-fixed, x then y, as Example 1's.
// - The brick's contacts are the vertex spheres within PLUS's proximity
//   tolerance (kPlusProximityTolerance) of the lowest one.
// - triple-pendulum: with pose "release" (the paper's Example 4) the chain
//   falls from release_theta under gravity (9.81 m/s^2) in generalized
//   coordinates until the end sphere touches the ground (sim/PlusSceneRun.cpp);
//   the links may pass below the ground on the way (only the sphere is a
//   contact, as in the paper). release_angles says how release_theta and
//   release_rates are read: "absolute", each link from the downward vertical
//   (the default, and what older documents meant), or "relative", link 1
//   from the downward vertical and link i from link i-1's direction, as the
//   coordinates of pin joints in a multibody code such as Simbody, where the
//   paper's example was built. Only the relative reading of the printed
//   angles (pi/4, 3pi/4, 5pi/6) makes the sphere slide throughout, as the
//   paper says it does (the absolute one sticks before the impact ends):
//   the built-in scene reads them so. With pose "impact" the chain is posed touching:
//   theta1 and theta2 are given, theta3 follows from the pivot height (2 m),
//   the link lengths and the sphere radius, and `rates` are the angular
//   velocities then. Its compliant reference (sim/CompliantChain.h) starts
//   at the same touch, the chain in the same generalized coordinates, with no
//   dissipation by default (Example 4: "no dissipation in the compliant model").
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mechanics/Types.h"
#include "scene/Scene.h"

namespace impactlab {

enum class PlusExample { BrickOnVertex, BrickOnFourVertices, NewtonsCradle, TriplePendulum };
const char* toString(PlusExample example);

struct PlusBrickParams {
    std::string paperCase = "0.325";      // "0.125" | "0.225" | "0.325" | "custom"
    double friction = 0.325;
    double eMin = 0.373;
    double rotationX = M_PI / 4.0;        // rad, body-fixed, first
    double rotationY = M_PI / 6.0;        // rad, then about the new y
    Vec3 velocity = Vec3(-5.0, 0.0, -5.74);
    Vec3 angularVelocity = Vec3::Zero();
};

struct PlusCradleParams {
    int balls = 5;
    double restitution = 1.0;
    double strikerSpeed = 2.0;   // m/s
    double radius = 0.25;        // m
    double mass = 1.0;           // kg
};

struct PlusPendulumParams {
    // "release": drop the chain from releaseTheta / releaseRates under gravity
    // and take the state when the end sphere touches the ground (Example 4);
    // "impact": pose it touching, from theta1, theta2 and rates.
    bool fromRelease = true;
    // release_angles: true reads releaseTheta and releaseRates as joint
    // (relative) angles and rates, false as absolute ones.
    bool releaseRelative = false;
    Vec3 releaseTheta = Vec3(M_PI / 4.0, 3.0 * M_PI / 4.0, 5.0 * M_PI / 6.0);   // rad (Fig. 15a)
    Vec3 releaseRates = Vec3::Zero();                                          // rad/s
    // The release state in the chain's absolute angles (PendulumChain.h).
    Vec3 calcAbsoluteReleaseTheta() const;
    Vec3 calcAbsoluteReleaseRates() const;
    double theta1 = M_PI / 6.0;  // rad, from the downward vertical
    double theta2 = M_PI / 4.0;
    Vec3 rates = Vec3(-3.0, -3.0, 0.5);   // rad/s, theta1', theta2', theta3'
    double friction = 0.1;
    double restitution = 1.0;
};

struct PlusCompliantParams {
    bool enabled = true;
    double stiffness = 10e9;     // Pa (Table A1)
    double dissipation = 0.26;   // s/m (Example 1; Example 2 0.15; cradle and pendulum 0)
};

struct PlusScene {
    std::string name;
    std::string description;
    std::string reference;   // the paper, sections and figures the scene reproduces
    PlusExample example = PlusExample::BrickOnVertex;
    PlusBrickParams brick;       // both brick examples
    PlusCradleParams cradle;
    PlusPendulumParams pendulum;
    PlusCompliantParams compliant;
    nlohmann::json plusOptions = nlohmann::json::object();
    std::vector<SceneParameter> parameters;
    nlohmann::json document;

    const SceneParameter* findParameter(const std::string& id) const;
};

bool isPlusSceneDocument(const nlohmann::json& document);
// Throws InputError naming the field ("example.balls", "plus.theta_max").
PlusScene parsePlusScene(const nlohmann::json& document);
PlusScene loadPlusScene(const std::string& path);
PlusScene withParameter(const PlusScene& scene, const std::string& id, double value);
PlusScene withChoice(const PlusScene& scene, const std::string& id, const std::string& choice);

}  // namespace impactlab
