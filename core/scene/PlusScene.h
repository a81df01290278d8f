#pragma once
// Scenes of simultaneous multi-point impacts (Uchida, Sherman & Delp 2015,
// sec. 5; reference note B.2): the brick on one vertex (Example 1, Fig. 7),
// the brick landing on four vertices (Example 2, Fig. 11), Newton's cradle
// (Example 3, Fig. 14) and the triple pendulum striking the ground (Example 4,
// Fig. 15a), each at the instant of impact. The scene is data; the run (PLUS
// beside the compliant reference, and the figures' series) is
// sim/PlusSceneRun.h.
//
// Document (fields in [] are optional; SI units, angles rad):
//   format    "impactlab.plus-scene/1"
//   name, [description]
//   example   {"type": "brick-on-vertex", [case] "0.325", [friction] 0.325,
//              [e_min] 0.373, [rotation_x] pi/4, [rotation_y] pi/6,
//              [velocity] (-5, 0, -5.74), [angular_velocity] 0}
//             {"type": "brick-on-four-vertices", [friction] 0.2, [e_min] 0.414,
//              [velocity] (-2, 0, -8.84), [angular_velocity] 0}
//             {"type": "newtons-cradle", [balls] 5, [restitution] 1,
//              [striker_speed] 2, [radius] 0.25, [mass] 1}
//             {"type": "triple-pendulum", [theta1] pi/6, [theta2] pi/4,
//              [rates] (-3, -3, 0.5) rad/s, [friction] 0.1, [restitution] 1}
//   [plus]      PLUS options as in problem-format.md (theta_max, alpha_min,
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
// - triple-pendulum: the paper drops the chain from rest at (pi/4, 3pi/4,
//   5pi/6) under gravity; the flight is not simulated here, so the scene
//   poses the chain at the instant the end sphere touches the ground: theta1
//   and theta2 are given and theta3 follows from the pivot height (2 m), the
//   link lengths and the sphere radius. `rates` are the angular velocities
//   at that instant. No compliant reference (no pin joints in it).
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

inline constexpr const char* kPlusSceneFormat = "impactlab.plus-scene/1";

// The paper's e_min for Example 1's friction cases (reference B.2.2).
double getBrickCaseRestitution(const std::string& paperCase);
double getBrickCaseFriction(const std::string& paperCase);

bool isPlusSceneDocument(const nlohmann::json& document);
// Throws InputError naming the field ("example.balls", "plus.theta_max").
PlusScene parsePlusScene(const nlohmann::json& document);
PlusScene loadPlusScene(const std::string& path);
PlusScene withParameter(const PlusScene& scene, const std::string& id, double value);
PlusScene withChoice(const PlusScene& scene, const std::string& id, const std::string& choice);

}  // namespace impactlab
