#include "SceneGeometry.h"

#include <vtkAppendPolyData.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkSphereSource.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

namespace impactlab::ui::geometry {

namespace {

constexpr int kMinSegments = 3;
constexpr double kHalfTurnDegrees = 180.0;
constexpr double kFullTurnDegrees = 360.0;
constexpr double kEquatorPhiDegrees = 90.0;
// Half-width of each stripe, in degrees of arc: wide enough to read at a
// glance, narrow enough that the body colour dominates.
constexpr double kStripeHalfWidthDegrees = 9.0;
// Stripes sit this fraction of the radius above the surface so they win the
// depth test against it. The two tessellations differ by up to ~0.4 % of the
// radius (chord sag), so a smaller lift lets the surface speckle through;
// 1.2 % is still under a pixel of silhouette for on-screen sizes.
constexpr double kStripeLift = 0.012;
// Stripes are the body colour darkened this much: same hue, clear contrast.
constexpr double kStripeDarkening = 0.3;
constexpr double kByteMax = 255.0;

constexpr int kColorComponents = 3;

vtkSmartPointer<vtkPolyData> spherePatch(double radius, double theta0, double theta1, double phi0,
                                         double phi1, const Eigen::Vector3d& color, SphereDetail detail) {
    auto source = vtkSmartPointer<vtkSphereSource>::New();
    source->SetRadius(radius);
    source->SetStartTheta(theta0);
    source->SetEndTheta(theta1);
    source->SetStartPhi(phi0);
    source->SetEndPhi(phi1);
    const double thetaShare = (theta1 - theta0) / kFullTurnDegrees;
    const double phiShare = (phi1 - phi0) / kHalfTurnDegrees;
    source->SetThetaResolution(std::max(kMinSegments, int(std::lround(detail.round * thetaShare))));
    source->SetPhiResolution(std::max(kMinSegments, int(std::lround(detail.poleToPole * phiShare))));
    source->Update();

    vtkSmartPointer<vtkPolyData> patch = source->GetOutput();
    auto colors = vtkSmartPointer<vtkUnsignedCharArray>::New();
    colors->SetName("Colors");
    colors->SetNumberOfComponents(kColorComponents);
    colors->SetNumberOfTuples(patch->GetNumberOfCells());
    const Eigen::Vector3d bytes = (color.cwiseMax(0.0).cwiseMin(1.0) * kByteMax).array().round();
    for (vtkIdType i = 0; i < patch->GetNumberOfCells(); ++i) {
        for (int c = 0; c < kColorComponents; ++c) {
            colors->SetTypedComponent(i, c, static_cast<unsigned char>(bytes[c]));
        }
    }
    patch->GetCellData()->SetScalars(colors);
    return patch;
}

// Rotates points and normals by +90 degrees about y: (x, y, z) -> (z, y, -x).
void quarterTurnAboutY(vtkPolyData* data) {
    auto turn = [](double v[3]) {
        const double x = v[0];
        v[0] = v[2];
        v[2] = -x;
    };
    vtkPoints* points = data->GetPoints();
    for (vtkIdType i = 0; i < points->GetNumberOfPoints(); ++i) {
        double p[3];
        points->GetPoint(i, p);
        turn(p);
        points->SetPoint(i, p);
    }
    if (vtkDataArray* normals = data->GetPointData()->GetNormals()) {
        for (vtkIdType i = 0; i < normals->GetNumberOfTuples(); ++i) {
            double n[3];
            normals->GetTuple(i, n);
            turn(n);
            normals->SetTuple(i, n);
        }
    }
}

}  // namespace

vtkSmartPointer<vtkPolyData> spinSphere(double radius, const Eigen::Vector3d& color, SphereDetail detail) {
    const double stripeRadius = radius * (1.0 + kStripeLift);
    const Eigen::Vector3d stripeColor = kStripeDarkening * color;
    const double top = kEquatorPhiDegrees - kStripeHalfWidthDegrees;
    const double bottom = kEquatorPhiDegrees + kStripeHalfWidthDegrees;

    // Two great-circle stripes with perpendicular axes (z and x): a rotation
    // leaves a great circle in place only about that circle's own axis, so
    // with two different axes every spin moves at least one stripe.
    vtkSmartPointer<vtkPolyData> equator =
        spherePatch(stripeRadius, 0, kFullTurnDegrees, top, bottom, stripeColor, detail);
    vtkSmartPointer<vtkPolyData> meridian =
        spherePatch(stripeRadius, 0, kFullTurnDegrees, top, bottom, stripeColor, detail);
    quarterTurnAboutY(meridian);

    auto append = vtkSmartPointer<vtkAppendPolyData>::New();
    append->AddInputData(spherePatch(radius, 0, kFullTurnDegrees, 0, kHalfTurnDegrees, color, detail));
    append->AddInputData(equator);
    append->AddInputData(meridian);
    append->Update();
    return append->GetOutput();
}

double roundStepBelow(double value) {
    if (!(value > 0.0)) {
        return 1.0;
    }
    constexpr double kMantissas[] = {5.0, 2.0, 1.0};
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : kMantissas) {
        if (m * decade <= value) {
            return m * decade;
        }
    }
    return decade;
}

vtkSmartPointer<vtkPolyData> groundGrid(double height, double halfSize) {
    // About twenty cells across: dense enough to judge distances and see
    // motion over the ground, sparse enough not to clutter.
    constexpr double kTargetCellsAcross = 20.0;
    const double step = roundStepBelow(2.0 * halfSize / kTargetCellsAcross);
    const int half = static_cast<int>(std::floor(halfSize / step));
    // Lines exactly in the ground plane z-fight with it (they come out dashed
    // in Mesa), so they float a tiny share of the ground size above it: far
    // above the depth buffer's resolution, far below what the eye notices.
    constexpr double kLiftShareOfHalfSize = 5e-4;
    const double z = height + kLiftShareOfHalfSize * halfSize;

    auto points = vtkSmartPointer<vtkPoints>::New();
    auto lines = vtkSmartPointer<vtkCellArray>::New();
    auto addLine = [&](double x0, double y0, double x1, double y1) {
        const vtkIdType a = points->InsertNextPoint(x0, y0, z);
        const vtkIdType b = points->InsertNextPoint(x1, y1, z);
        const vtkIdType ids[] = {a, b};
        lines->InsertNextCell(2, ids);
    };
    for (int i = -half; i <= half; ++i) {
        const double t = i * step;
        addLine(t, -halfSize, t, halfSize);
        addLine(-halfSize, t, halfSize, t);
    }
    auto grid = vtkSmartPointer<vtkPolyData>::New();
    grid->SetPoints(points);
    grid->SetLines(lines);
    return grid;
}

vtkSmartPointer<vtkPolyData> polyline(const std::vector<Eigen::Vector3d>& points) {
    auto vtkPts = vtkSmartPointer<vtkPoints>::New();
    vtkPts->SetNumberOfPoints(static_cast<vtkIdType>(points.size()));
    auto cells = vtkSmartPointer<vtkCellArray>::New();
    cells->InsertNextCell(static_cast<int>(points.size()));
    for (size_t i = 0; i < points.size(); ++i) {
        vtkPts->SetPoint(static_cast<vtkIdType>(i), points[i].data());
        cells->InsertCellPoint(static_cast<vtkIdType>(i));
    }
    auto line = vtkSmartPointer<vtkPolyData>::New();
    line->SetPoints(vtkPts);
    line->SetLines(cells);
    return line;
}

}  // namespace impactlab::ui::geometry
