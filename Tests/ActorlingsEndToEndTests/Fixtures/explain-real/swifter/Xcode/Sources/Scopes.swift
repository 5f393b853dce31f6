







import Foundation

()(()){
{

()
({
(((())))
})
}
}

()

public var idd: String?
public var dir: String?
public var rel: String?
public var rev: String?
public var alt: String?
public var forr: String?
public var src: String?
public var type: String?
public var href: String?
public var text: String?
public var abbr: String?
public var size: String?
public var face: String?
public var char: String?
public var cite: String?
public var span: String?
public var data: String?
public var axis: String?
public var Name: String?
public var name: String?
public var code: String?
public var link: String?
public var lang: String?
public var cols: String?
public var rows: String?
public var ismap: String?
public var shape: String?
public var style: String?
public var alink: String?
public var width: String?
public var rules: String?
public var align: String?
public var frame: String?
public var vlink: String?
public var deferr: String?
public var color: String?
public var media: String?
public var title: String?
public var scope: String?
public var classs: String?
public var manifest: String?
public var value: String?
public var clear: String?
public var start: String?
public var label: String?
public var action: String?
public var height: String?
public var method: String?
public var acceptt: String?
public var object: String?
public var scheme: String?
public var coords: String?
public var usemap: String?
public var onblur: String?
public var nohref: String?
public var nowrap: String?
public var hspace: String?
public var border: String?
public var valign: String?
public var vspace: String?
public var onload: String?
public var target: String?
public var prompt: String?
public var onfocus: String?
public var enctype: String?
public var onclick: String?
public var ontouchstart: String?
public var onkeyup: String?
public var profile: String?
public var version: String?
public var onreset: String?
public var charset: String?
public var standby: String?
public var colspan: String?
public var charoff: String?
public var classid: String?
public var compact: String?
public var declare: String?
public var rowspan: String?
public var checked: String?
public var archive: String?
public var bgcolor: String?
public var content: String?
public var noshade: String?
public var summary: String?
public var headers: String?
public var onselect: String?
public var readonly: String?
public var tabindex: String?
public var onchange: String?
public var noresize: String?
public var disabled: String?
public var longdesc: String?
public var codebase: String?
public var language: String?
public var datetime: String?
public var selected: String?
public var hreflang: String?
public var onsubmit: String?
public var multiple: String?
public var onunload: String?
public var codetype: String?
public var scrolling: String?
public var onkeydown: String?
public var maxlength: String?
public var valuetype: String?
public var accesskey: String?
public var onmouseup: String?
public var autofocus: String?
public var onkeypress: String?
public var ondblclick: String?
public var onmouseout: String?
public var httpEquiv: String?
public var dataText: String?
public var background: String?
public var onmousemove: String?
public var onmouseover: String?
public var cellpadding: String?
public var onmousedown: String?
public var frameborder: String?
public var marginwidth: String?
public var cellspacing: String?
public var placeholder: String?
public var marginheight: String?
public var acceptCharset: String?

public var inner: String?

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(()){
({
{
()
}
})
}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(()){
({
{
()
}
})
}

(){()}

(()){
({
{
()
}
})
}

(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}
(){()}

(){()}
(){()}
(){()}
(){()}

(){()}

(){()}
(){()}

var scopesBuffer = [UInt64: String]()


(){

































































































































































































































































()











()



()

{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}
{}

(){
()
}

(){
{

}{

}
}

{
()
}{


}

































































































































}
