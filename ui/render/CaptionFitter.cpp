#include "CaptionFitter.h"

#include <vtkCoordinate.h>
#include <vtkProp.h>
#include <vtkRenderWindow.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkStdString.h>
#include <vtkTextRenderer.h>
#include <vtkWeakPointer.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "render/VtkSupport.h"

namespace impactlab::ui::render {

namespace {

// The width of `text` drawn with `property`, in pixels.
int calcTextWidth(vtkTextProperty* property, const std::string& text, int dpi) {
    int box[4] = {0, 0, 0, 0};
    if (text.empty() || !vtkTextRenderer::GetInstance()->GetBoundingBox(property, text, box, dpi)) return 0;
    return box[1] - box[0];
}

// `text` with each of its lines broken between words into lines no wider
// than `width` pixels; a word wider than that stands alone on its line.
std::string wrapCaption(vtkTextProperty* property, const std::string& text, int width, int dpi) {
    std::string out;
    std::istringstream lines(text);
    std::string line;
    bool firstLine = true;
    while (std::getline(lines, line)) {
        if (!firstLine) out += '\n';
        firstLine = false;
        // Leading spaces (an indented line) stay with the line's first word.
        const std::size_t indentEnd = line.find_first_not_of(' ');
        const std::string indent = indentEnd == std::string::npos ? line : line.substr(0, indentEnd);
        std::istringstream words(indentEnd == std::string::npos ? std::string() : line.substr(indentEnd));
        std::string word, current = indent;
        bool empty = true;
        while (words >> word) {
            const std::string longer = empty ? current + word : current + ' ' + word;
            if (!empty && calcTextWidth(property, longer, dpi) > width) {
                out += current + '\n';
                current = indent + word;
            } else {
                current = longer;
            }
            empty = false;
        }
        out += current;
    }
    return out;
}

}  // namespace

struct CaptionFitter::Impl {
    // A caption as its owner set it (`full`) and as it is shown, with what
    // the shown wrap was measured for.
    struct Caption {
        vtkWeakPointer<vtkTextActor> actor;
        std::string full, shown;
        int room = -1, dpi = 0;
        vtkMTimeType propertyTime = 0;
    };
    std::vector<Caption> captions;
};

CaptionFitter::CaptionFitter() : d_(std::make_unique<Impl>()) {}
CaptionFitter::~CaptionFitter() = default;

void CaptionFitter::fit(vtkRenderWindow* window, int width) {
    std::vector<Impl::Caption>& captions = d_->captions;
    const int dpi = window->GetDPI();
    render::forEachViewProp(window, [&](vtkRenderer*, vtkProp* prop) {
        auto* text = vtkTextActor::SafeDownCast(prop);
        if (!text || !text->GetInput() || text->GetPositionCoordinate()->GetCoordinateSystem() != VTK_DISPLAY) return;
        auto it = std::find_if(captions.begin(), captions.end(), [text](const Impl::Caption& c) { return c.actor == text; });
        if (it == captions.end()) it = captions.insert(captions.end(), Impl::Caption{text, {}, {}});
        // A text other than the one shown was set by the caption's owner.
        if (it->shown != text->GetInput()) it->full = text->GetInput();
        // The same margin on the right as the caption keeps on the left.
        const double margin = text->GetPositionCoordinate()->GetValue()[0];
        const int room = std::max(1, static_cast<int>(width - 2.0 * margin));
        const vtkMTimeType propertyTime = text->GetTextProperty()->GetMTime();
        if (it->shown == text->GetInput() && it->room == room && it->dpi == dpi && it->propertyTime == propertyTime) return;
        const std::string shown = wrapCaption(text->GetTextProperty(), it->full, room, dpi);
        if (shown != text->GetInput()) text->SetInput(shown.c_str());
        it->shown = shown;
        it->room = room;
        it->dpi = dpi;
        it->propertyTime = propertyTime;
    });
    captions.erase(std::remove_if(captions.begin(), captions.end(), [](const Impl::Caption& c) { return !c.actor; }),
                   captions.end());
}

}  // namespace impactlab::ui::render
