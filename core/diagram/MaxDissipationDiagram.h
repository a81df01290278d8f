#pragma once
// Geometry of the maximum-dissipation views (Preclik, Eibl & Ruede, Figs. 2,
// 3, 5 and 7), with no drawing: the UI maps it to chart series.
//
// (a) The plane of maximum compression (Figs. 2, 7). Its own 2D coordinates
//     are the tangential impulse components p = (x_t, x_o) = (I_t1, I_t2) in
//     N s; the impulse above p is  I(p) = origin + p.x() basisT + p.y() basisO
//     (contact frame [t1, t2, n]; v_n+ = 0 on the whole plane). The basis is
//     not orthonormal: it is the plane's parametrisation by x_to, as the paper
//     draws it. The views draw: contours of the objective (the paper's reduced
//     one, 1/2 p^T Ahat p - p^T bhat; zero contour marked), the boundary of the
//     cone's section (the feasible branch of the conic; for a hyperbola also
//     its other, infeasible branch), the unconstrained minimum, the
//     max-dissipation impulse and every Coulomb solution.
// (b) f_obj(alpha) (Fig. 3) on [0, 2 pi): the reduced objective on the cone
//     boundary, with the infeasible arcs (f_r <= 0), the poles (f_r = 0), the
//     stationary points of eq. (8) and the global minimum.
// (c) The path through the decision tree of Fig. 5 (node ids below).
// Only for b_n > 0 and mu > 0 is there a conic to draw and an f_obj curve; for
// grazing input the section is the apex or one or two rays (drawn as such),
// and fobj.available is false with a reason.
#include <array>
#include <string>
#include <vector>

#include "impact/CompressionPlane.h"
#include "impact/ImpactProblem.h"
#include "impact/MaxDissipation.h"

namespace impactlab {

struct MdpDiagramOptions {
    int gridSize = 81;          // contour grid points per axis
    int contourLevels = 12;     // contour values between the minimum on the view and its maximum
    int conicSamples = 720;     // points per conic branch
    int fobjSamples = 1441;     // samples of f_obj over [0, 2 pi]
    // Whether to draw the plane's contours and the f_obj curve (most of the
    // time); without them only the solution, its path and the constants.
    bool figures = true;
};

struct MdpContour {
    double level = 0.0;          // J, of the reduced objective
    bool isZero = false;         // the zero contour (drawn black in Fig. 2)
    // Line segments (each two points) from marching squares over the grid;
    // they join into the contour where end points coincide.
    std::vector<std::array<Vec2, 2>> segments;
};

struct MdpMarker {
    Vec2 point = Vec2::Zero();   // plane coordinates (x_t, x_o), N s
    Vec3 impulse = Vec3::Zero(); // the impulse, contact frame
    double objective = 0.0;      // J, full objective 1/2 I^T W I + I.v-
    std::string kind;            // "stick", "slide", "zero", "continuum-end" for Coulomb solutions
    bool onPlane = true;         // false for the zero impulse of a separating contact (off the plane)
};

struct MdpPlaneView {
    Vec3 origin = Vec3::Zero();      // impulse at p = 0 (contact frame): (0, 0, b_n / A_nn)
    Vec3 basisT = Vec3::UnitX();     // dI/dx_t = (1, 0, -A_nt / A_nn)
    Vec3 basisO = Vec3::UnitY();     // dI/dx_o = (0, 1, -A_no / A_nn)
    ConicType conic = ConicType::Ellipse;
    bool grazing = false;            // b_n = 0: degenerate section (apex or rays)
    bool separating = false;         // b_n < 0: the plane misses the feasible cone part
    Vec2 min = Vec2::Zero(), max = Vec2::Ones();   // suggested view box
    // Contour grid: values(i, j) at (min.x + i dx, min.y + j dy), row i = x.
    int gridSize = 0;
    std::vector<double> gridValues;  // gridSize * gridSize, index i * gridSize + j
    std::vector<MdpContour> contours;
    // Boundary of the feasible section, each a polyline; the ellipse is closed
    // (first point repeated). Rays start at the origin p = 0.
    std::vector<std::vector<Vec2>> feasibleBoundary;
    std::vector<std::vector<Vec2>> infeasibleBranch;   // hyperbola's other branch (lower nappe)
    MdpMarker unconstrainedMinimum;  // p0 = Ahat^-1 bhat
    bool unconstrainedFeasible = false;
    MdpMarker maxDissipation;        // the law's impulse (red cross)
    std::vector<MdpMarker> coulombSolutions;   // every Coulomb solution on the plane (circles)
    bool coulombContinuum = false;   // a segment of solutions between two of them
};

struct MdpFobjCurve {
    bool available = false;
    std::string reason;              // why not, when unavailable
    std::vector<double> alpha;       // rad, in [0, 2 pi]
    std::vector<double> fobj;        // J, reduced objective (finite; large near poles)
    std::vector<bool> feasible;      // f_r(alpha) > 0
    std::vector<std::array<double, 2>> infeasibleArcs;   // [from, to] in [0, 2 pi], to shade
    std::vector<double> poles;       // rad, f_r = 0 (dotted lines)
    struct Stationary { double alpha, fobj; bool feasible, minimum; };
    std::vector<Stationary> stationary;   // roots of eq. (8), feasible or not
    double alphaMin = 0.0, fobjMin = 0.0;   // the global minimum on the feasible arc (red cross)
    bool minimumIsSolution = false;  // true on the conic-boundary branch; false when x0 sticks inside
    double yMin = 0.0, yMax = 1.0;   // suggested vertical range (poles make f_obj unbounded)
};

// Fig. 5 as data: tests (with a true and a false child) and leaves.
struct MdpTreeNode {
    std::string id;        // "bn-negative", "mu-zero", "p1", "bn-zero", "p2", or a leaf id
    std::string label;     // text of the box
    std::string ifTrue, ifFalse;   // child ids (empty for leaves)
    bool leaf = false;
};
// Every node of Fig. 5; leaf ids are the branch names of MaxDissipationBranch
// ("separating", "frictionless", "sticking", "grazing-point", "grazing-ray",
// "conic-boundary") plus "final-block" (after grazing-ray and conic-boundary).
const std::vector<MdpTreeNode>& getMdpDecisionTree();

struct MdpTreeStep {
    std::string id;        // node id
    bool outcome = false;  // the test's answer (leaves: true)
};
struct MdpDecisionPath {
    std::vector<MdpTreeStep> steps;   // from the root to the leaf (and final-block when it applies)
    std::string leaf;                 // the branch id
};

struct MdpDiagram {
    MaxDissipationSolution solution;
    MdpPlaneView plane;
    MdpFobjCurve fobj;
    MdpDecisionPath path;
    AppendixAConstants constants;     // c0, c1, c2, phi1, phi2 of eq. (8) (display)
};

MdpDecisionPath calcMdpDecisionPath(const MaxDissipationSolution& solution);
MdpDiagram makeMdpDiagram(const ImpactProblem& problem, const MdpDiagramOptions& options = {});

}  // namespace impactlab
